package io.chronohook.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

class ThreadDumpOnTimeoutTest {

    @Test
    void aResponseTimeoutAnywhereInTheCauseChainCountsAsATimeout() {
        assertThat(ThreadDumpOnTimeout.timedOut(new AssertionError("no response",
                new IllegalStateException("Timeout on blocking read for 20000000000 NANOSECONDS")))).isTrue();
        assertThat(ThreadDumpOnTimeout.timedOut(new RuntimeException(new TimeoutException("gone")))).isTrue();
        assertThat(ThreadDumpOnTimeout.timedOut(new AssertionError("expected 200 but was 500"))).isFalse();
    }

    @Test
    void theDumpNamesEveryThreadWithItsWholeStack() {
        String dump = ThreadDumpOnTimeout.dump("a test");

        assertThat(dump).startsWith("Thread dump after a timeout in a test")
                .contains("\"" + Thread.currentThread().getName() + "\" RUNNABLE")
                .contains(ThreadDumpOnTimeoutTest.class.getName() + ".theDumpNamesEveryThreadWithItsWholeStack(");
    }
}
