package io.chronohook.timegate;

/**
 * Redis key names of the gate. Each shard's keys share a Cluster hash tag ({@code {3}}), so every script touches one
 * slot and the gate runs unchanged on Redis Cluster.
 */
final class GateKeys {

    static final String EPOCH = "chronohook:gate:epoch";

    private GateKeys() {
    }

    /** Sorted set of {@code queue|run} members scored by due time in epoch milliseconds. */
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

    /** Prefix of the ready lists of this shard: {@code prefix + queue} (a tenant, or {@code tenant/lane}). */
    static String readyPrefix(int shard) {
        return "chronohook:ready:{" + shard + "}:";
    }

    /** Prefix of the sets of a tenant's queues with released runs in this shard: {@code prefix + tenant}. */
    static String lanesPrefix(int shard) {
        return "chronohook:lanes:{" + shard + "}:";
    }

    /** Prefix of the round-robin lists of a tenant's queues with released runs: {@code prefix + tenant}. */
    static String turnsPrefix(int shard) {
        return "chronohook:turns:{" + shard + "}:";
    }

    /** Hash of queue ({@code tenant/lane}) → weight within its tenant, as this shard's take reads it. */
    static String laneWeights(int shard) {
        return "chronohook:laneweights:{" + shard + "}";
    }

    /** Hash of queue → what is left of its visit, cut short by the end of its tenant's turn. */
    static String deficits(int shard) {
        return "chronohook:deficits:{" + shard + "}";
    }
}
