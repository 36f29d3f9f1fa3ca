package io.chronohook.dispatch.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class HeaderLinesTest {

    @ParameterizedTest(name = "{0}: secret {1}")
    @CsvSource({
            "Authorization, true", "Cookie, true", "X-Api-Key, true", "X-Session-Id, true", "X-My-TOKEN, true",
            "Stripe-Signature, true", "webhook-signature, false", "Webhook-Id, false", "Content-Type, false",
            "User-Agent, false", "traceparent, false"})
    void credentialsAreToldByNameWhateverTheirCase(String name, boolean secret) {
        assertThat(HeaderLines.isSecret(name)).isEqualTo(secret);
    }

    @Test
    void namesPastTheRememberedOnesAreStillJudgedEachTime() {
        // More distinct names than are remembered, asked twice each: every answer is the name's own, whether it
        // was remembered or judged afresh.
        for (int round = 0; round < 2; round++) {
            for (int i = 0; i < 5000; i++) {
                assertThat(HeaderLines.isSecret("X-Plain-" + i)).as("X-Plain-%d", i).isFalse();
                assertThat(HeaderLines.isSecret("X-Token-" + i)).as("X-Token-%d", i).isTrue();
            }
        }
        assertThat(HeaderLines.isSecret("Authorization")).isTrue();
        assertThat(HeaderLines.isSecret("webhook-signature")).isFalse();
    }

    @Test
    void keptLinesMaskSecretsFlattenLineBreaksAndReadBackInOrder() {
        List<Map.Entry<String, String>> headers = List.of(Map.entry("Content-Type", "application/json"),
                Map.entry("Authorization", "Bearer abc"), Map.entry("X-Note", "two\r\nlines"),
                Map.entry("webhook-signature", "v1,c2ln"));
        String kept = HeaderLines.of(headers);
        assertThat(kept).isEqualTo("Content-Type: application/json\nAuthorization: " + HeaderLines.MASK
                + "\nX-Note: two  lines\nwebhook-signature: v1,c2ln\n");
        assertThat(HeaderLines.parse(kept)).containsExactly(Map.entry("Content-Type", "application/json"),
                Map.entry("Authorization", HeaderLines.MASK), Map.entry("X-Note", "two  lines"),
                Map.entry("webhook-signature", "v1,c2ln"));
    }

    @Test
    void keptLinesStopAtTheHeaderAndCharacterLimits() {
        List<Map.Entry<String, String>> many = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            many.add(Map.entry("X-H" + i, "v"));
        }
        assertThat(HeaderLines.parse(HeaderLines.of(many))).hasSize(HeaderLines.MAX_HEADERS);

        String long4000 = "x".repeat(4000);
        String kept = HeaderLines.of(List.of(Map.entry("A", long4000), Map.entry("B", long4000),
                Map.entry("C", long4000)));
        // "A: " + 4,000 + "\n" twice is 8,008 characters; a third line would pass 8,192.
        assertThat(kept).hasSize(8008).hasSizeLessThanOrEqualTo(HeaderLines.MAX_CHARS);
        assertThat(HeaderLines.parse(kept)).extracting(Map.Entry::getKey).containsExactly("A", "B");
        assertThat(HeaderLines.of(List.of(Map.entry("A", "x".repeat(8188))))).hasSize(8192);
        assertThat(HeaderLines.of(List.of(Map.entry("A", "x".repeat(8189))))).isEmpty();
    }
}
