/** Who is calling: reads bearer credentials (API keys, JWTs, the operator token), members and keys; writes the caller into the security context for every later stage. */
package io.chronohook.access;
