package io.chronohook.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The slot computation gives the servers' answers ({@code CLUSTER KEYSLOT}), hash tags included. */
class RedisSlotsTest {

    @Test
    void slotsAreThoseRedisClusterGives() {
        assertThat(RedisSlots.slot("foo")).isEqualTo(12182);
        assertThat(RedisSlots.slot("bar")).isEqualTo(5061);
        assertThat(RedisSlots.slot("123456789")).isEqualTo(12739);
    }

    @Test
    void onlyTheFirstNonEmptyHashTagCounts() {
        // The figures CLUSTER KEYSLOT gives for these keys.
        assertThat(RedisSlots.slot("{user1000}.following")).isEqualTo(3443);
        assertThat(RedisSlots.slot("user1000")).isEqualTo(3443);
        assertThat(RedisSlots.slot("foo{}{bar}")).isEqualTo(8363);
        assertThat(RedisSlots.slot("foo{{bar}}zap")).isEqualTo(4015);
        assertThat(RedisSlots.slot("foo{bar}{zap}")).isEqualTo(5061);
        assertThat(RedisSlots.bySlot(List.of("a:{t}:1", "b:{t}:2"))).hasSize(1);
        assertThat(RedisSlots.bySlot(List.of("foo", "bar"))).hasSize(2);
    }
}
