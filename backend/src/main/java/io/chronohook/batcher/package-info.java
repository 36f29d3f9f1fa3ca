/** Fair batching: reads released runs from the time gate weighted by plan, takes dispatch tokens per tenant, writes the batch the dispatcher claims. */
package io.chronohook.batcher;
