/**
 * The chaos program: its own Postgres cluster and Redis server, two backends and a recording receiver; each scenario
 * injects one fault under load and measures what was lost, sent twice, how late, and how soon it recovered.
 */
package io.chronohook.e2e.chaos;
