/** {@code chk dead-letters}: the tenant's dead runs ({@code GET /api/v1/dead-letters}) and replaying one of them. */
package io.chronohook.cli.deadletters;
