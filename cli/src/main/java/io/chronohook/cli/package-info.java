/** The {@code chk} command: reads the command line, runs one command against the REST API, maps the outcome to an exit code. */
package io.chronohook.cli;
