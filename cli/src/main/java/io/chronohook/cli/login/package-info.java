/** {@code chk login} and {@code chk logout}: checks a key against {@code GET /api/v1/me}, writes or removes the login file. */
package io.chronohook.cli.login;
