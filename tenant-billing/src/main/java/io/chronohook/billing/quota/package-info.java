/** Quotas and rates: token buckets per tenant in Redis, shared by every instance; the API limiter and the batcher read them. */
package io.chronohook.billing.quota;
