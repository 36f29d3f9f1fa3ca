/**
 * The benchmark program ({@code ./chronohook bench}): starts the backend jar on a fresh database, drives it with
 * receivers on loopback, prints a table and writes {@code bench-results/latest.json}.
 */
package io.chronohook.e2e.bench;
