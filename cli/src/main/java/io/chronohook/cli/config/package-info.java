/** Where chk keeps its login (a 0600 JSON file) and which URL and API key a command uses: flags, then environment, then that file. */
package io.chronohook.cli.config;
