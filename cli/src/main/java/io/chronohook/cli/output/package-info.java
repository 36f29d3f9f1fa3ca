/** What chk prints: aligned tables and key-value blocks for people, the API's JSON as received for scripts. */
package io.chronohook.cli.output;
