package io.chronohook.timegate;

/**
 * Redis key names of the gate. Each shard's keys share a Cluster hash tag ({@code {3}}), so every script touches one
 * slot and the gate runs unchanged on Redis Cluster.
 */
final class GateKeys {

    static final String EPOCH = "chronohook:gate:epoch";

    private GateKeys() {
    }

    /** Sorted set of {@code tenant|run} members scored by due time in epoch milliseconds. */
    static String gate(int shard) {
        return "chronohook:gate:{" + shard + "}";
    }

    /** Set of tenants with released runs waiting in this shard. */
    static String active(int shard) {
        return "chronohook:active:{" + shard + "}";
    }

    /** Hash of tenant → fair-share weight, as this shard's take reads it. */
    static String weights(int shard) {
        return "chronohook:weights:{" + shard + "}";
    }

    /** Prefix of the per-tenant ready lists of this shard: {@code prefix + tenant}. */
    static String readyPrefix(int shard) {
        return "chronohook:ready:{" + shard + "}:";
    }
}
