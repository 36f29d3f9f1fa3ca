package io.chronohook.timegate;

import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.support.RedisSlots;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * On Redis Cluster every gate script runs in one slot: a shard's keys — the ones a script is given and the ready
 * lists, lanes and turns it reaches by prefix — share the shard's slot; the shards spread over several slots.
 */
class GateKeysSlotTest {

    @Test
    void everyKeyOfAShardLivesInTheShardsSlot() {
        Set<Integer> shardSlots = new HashSet<>();
        for (int shard = 0; shard < 64; shard++) {
            List<String> keys = new java.util.ArrayList<>(List.of(GateKeys.gate(shard), GateKeys.active(shard),
                    GateKeys.weights(shard), GateKeys.laneWeights(shard), GateKeys.deficits(shard)));
            for (int n = 0; n < 20; n++) {
                String tenant = UUID.randomUUID().toString();
                keys.add(GateKeys.readyPrefix(shard) + tenant);
                keys.add(GateKeys.readyPrefix(shard) + tenant + "/key:customer-" + n + "/high");
                keys.add(GateKeys.lanesPrefix(shard) + tenant);
                keys.add(GateKeys.turnsPrefix(shard) + tenant);
            }
            assertThat(RedisSlots.bySlot(keys)).as("slots of shard %d's keys", shard).hasSize(1);
            shardSlots.add(RedisSlots.slot(GateKeys.gate(shard)));
        }
        assertThat(shardSlots).as("slots of 64 shards").hasSize(64);
    }
}
