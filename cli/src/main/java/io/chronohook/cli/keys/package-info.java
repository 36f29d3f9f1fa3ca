/** {@code chk keys}: the tenant's API keys over {@code /api/v1/api-keys} (the {@code admin} scope): list, create, revoke. */
package io.chronohook.cli.keys;
