package io.chronohook.dispatch.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class BodyExcerptTest {

    @Test
    void keepsOnlyTheFirstBytesAndSaysWhenTheReadLimitIsPassed() {
        BodyExcerpt excerpt = new BodyExcerpt(10, 4);

        assertThat(excerpt.appendAndCheckLimit(Unpooled.wrappedBuffer("hello".getBytes(StandardCharsets.UTF_8)))).isFalse();
        assertThat(excerpt.appendAndCheckLimit(Unpooled.wrappedBuffer("world".getBytes(StandardCharsets.UTF_8)))).isFalse();
        assertThat(excerpt.appendAndCheckLimit(Unpooled.wrappedBuffer("!".getBytes(StandardCharsets.UTF_8)))).isTrue();
        assertThat(excerpt.excerpt()).isEqualTo("hell");
    }

    @Test
    void aCharacterCutInHalfAtTheEndIsDroppedAndMalformedBytesAreReplaced() {
        // "abé€" is a b C3A9 E282AC: five kept bytes end with the first byte of the euro sign.
        BodyExcerpt cut = new BodyExcerpt(100, 5);
        cut.appendAndCheckLimit(Unpooled.wrappedBuffer("abé€".getBytes(StandardCharsets.UTF_8)));
        assertThat(cut.excerpt()).isEqualTo("abé");

        BodyExcerpt malformed = new BodyExcerpt(100, 10);
        malformed.appendAndCheckLimit(Unpooled.wrappedBuffer(new byte[] {'o', 'k', (byte) 0xff, '!'}));
        assertThat(malformed.excerpt()).isEqualTo("ok\uFFFD!");
    }

    @Test
    void aBodyExactlyAtTheLimitIsReadWhole() {
        BodyExcerpt excerpt = new BodyExcerpt(4, 4);

        assertThat(excerpt.appendAndCheckLimit(Unpooled.wrappedBuffer(new byte[] {'a', 'b', 'c', 'd'}))).isFalse();
        assertThat(excerpt.limitPassed()).isFalse();
    }
}
