package io.chronohook.access;

import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.support.RedisSlots;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A wrong password counts a failure and may set the lock in one script: both keys in the account's slot. */
class SignInKeysSlotTest {

    @Test
    void anAccountsFailuresAndLockShareASlot() {
        for (String email : List.of("ada@example.com", "Ada@Example.com", "odd}{name@example.com",
                "{braces}@example.com", "x@y.z")) {
            assertThat(RedisSlots.bySlot(List.of(SignInLimits.failuresKey(email), SignInLimits.lockKey(email))))
                    .as("slots of %s's keys", email).hasSize(1);
        }
    }
}
