package io.chronohook.support;

import static org.assertj.core.api.Assertions.assertThat;

import io.r2dbc.pool.ConnectionPool;
import io.r2dbc.pool.ConnectionPoolConfiguration;
import io.r2dbc.spi.ConnectionFactories;
import java.sql.Connection;
import java.sql.Statement;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

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

    @Test
    void theSessionsOfTheBackendDatabaseThatAreNotIdleAreListedWithWhatTheyWaitOn() throws Exception {
        try (Connection waiting = FreshDatabase.backendDatabase(); Statement statement = waiting.createStatement()) {
            waiting.setAutoCommit(false);
            statement.execute("select 'a transaction left open'");

            assertThat(ThreadDumpOnTimeout.databaseSessions()).startsWith("Database sessions not idle")
                    .contains("idle in transaction wait Client/ClientRead")
                    .contains("select 'a transaction left open'");
            waiting.rollback();
        }
    }

    @Test
    void thePoolSaysHowManyConnectionsAreInUseAndHowManyAcquiresWait() {
        ConnectionPool pool = new ConnectionPool(ConnectionPoolConfiguration.builder(ConnectionFactories.get(
                "r2dbc:postgresql://chronohook:chronohook@127.0.0.1:5432/postgres")).initialSize(0).maxSize(2).build());
        try {
            io.r2dbc.spi.Connection held = pool.create().block();

            assertThat(ThreadDumpOnTimeout.pool(pool)).startsWith("Connection pool: 1 acquired, ")
                    .contains(" of 2, ")
                    .endsWith("0 acquires waiting");
            Mono.from(held.close()).block();
            assertThat(ThreadDumpOnTimeout.pool(ConnectionFactories.get(
                    "r2dbc:postgresql://chronohook:chronohook@127.0.0.1:5432/postgres"))).startsWith(
                    "Connection pool: none with metrics");
        } finally {
            pool.dispose();
        }
    }
}
