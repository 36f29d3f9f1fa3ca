/** {@code chk usage}: the current billing period's usage against the plan, from {@code GET /api/v1/usage}. */
package io.chronohook.cli.usage;
