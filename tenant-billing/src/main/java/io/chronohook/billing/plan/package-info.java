/** The plan catalogue: reads the plan table; quotas and token buckets are built from it. */
package io.chronohook.billing.plan;
