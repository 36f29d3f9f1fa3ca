/** SSRF guard: reads a tenant's webhook URL and what its host resolves to, writes an allow or a refusal with a reason; the sender connects only to addresses it allowed. */
package io.chronohook.dispatch.guard;
