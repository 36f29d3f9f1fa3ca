/** Cross-stage plumbing: clock, ids, paging, secrets at rest, Redisson set-up and RFC 9457 problem details at the edge. */
package io.chronohook.platform;
