package io.chronohook.dispatch.http;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ReservedHeadersTest {

    @ParameterizedTest(name = "{0} is reserved")
    @ValueSource(strings = {
            "webhook-id", "Webhook-Timestamp", "WEBHOOK-SIGNATURE", "chronohook-job-id", "Chronohook-Attempt",
            "chronohook-scheduled-for", "chronohook-run-token", "traceparent", "Content-Type", "user-agent",
            "Host", "content-length", "Connection", "transfer-encoding", "TE", "upgrade", "keep-alive", "expect",
            "proxy-authorization", "Proxy-Connection", "webhook-anything-new", "chronohook-future",
    })
    void chronohookAndHopByHopHeadersAreReserved(String name) {
        assertThat(ReservedHeaders.isReserved(name)).isTrue();
    }

    @ParameterizedTest(name = "{0} is free")
    @ValueSource(strings = {"Authorization", "X-Api-Key", "x-tenant", "Accept", "X-Webhook-Id", "tracestate", "X-Proxy"})
    void ordinaryHeadersAreFree(String name) {
        assertThat(ReservedHeaders.isReserved(name)).isFalse();
    }
}
