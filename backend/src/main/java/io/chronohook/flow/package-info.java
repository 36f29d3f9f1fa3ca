/**
 * Flow control inside a tenant: limits per target host and per flow key (requests in flight, a rate), the weights of
 * a tenant's keys, and the slots and buckets that hold those limits across instances (docs/flow-control.md).
 */
package io.chronohook.flow;
