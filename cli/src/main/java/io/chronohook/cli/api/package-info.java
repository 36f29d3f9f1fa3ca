/** Talking to the REST API: reads the base URL and API key, writes HTTP requests, hands back JSON answers or problems. */
package io.chronohook.cli.api;
