package io.chronohook.platform;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

class LevelCheckedLogFactoryTest {

    /** A message that counts how often it is made a string. */
    private static final class CountedMessage {
        final AtomicInteger formatted = new AtomicInteger();

        @Override
        public String toString() {
            formatted.incrementAndGet();
            return "matched /api/v1/jobs";
        }
    }

    @Test
    void commonsLoggingIsTheLevelCheckedFactory() {
        assertThat(LogFactory.getFactory()).isInstanceOf(LevelCheckedLogFactory.class);
        assertThat(LogFactory.getLog("io.chronohook.test.kind")).isInstanceOf(LevelCheckedLogFactory.LevelChecked.class)
                .isSameAs(LogFactory.getLog("io.chronohook.test.kind"));
    }

    @Test
    void aMessageForALevelThatIsOffIsNeverMadeAString() {
        String name = "io.chronohook.test.levels";
        Logger logback = (Logger) LoggerFactory.getLogger(name);
        ListAppender<ILoggingEvent> events = new ListAppender<>();
        events.start();
        logback.addAppender(events);
        try {
            Log log = LogFactory.getLog(name);
            CountedMessage message = new CountedMessage();

            logback.setLevel(Level.INFO);
            log.trace(message);
            log.debug(message);
            log.debug(message, new IllegalStateException("x"));
            assertThat(message.formatted).hasValue(0);
            assertThat(events.list).isEmpty();

            log.info(message);
            log.warn(message, new IllegalStateException("y"));
            assertThat(events.list).extracting(ILoggingEvent::getLevel).containsExactly(Level.INFO, Level.WARN);
            assertThat(events.list).extracting(ILoggingEvent::getFormattedMessage)
                    .containsOnly("matched /api/v1/jobs");
            assertThat(events.list.get(1).getThrowableProxy().getMessage()).isEqualTo("y");

            logback.setLevel(Level.DEBUG);
            log.debug(message);
            assertThat(events.list).hasSize(3);
            assertThat(events.list.get(2).getLevel()).isEqualTo(Level.DEBUG);
            assertThat(events.list.get(2).getLoggerName()).isEqualTo(name);
        } finally {
            logback.detachAppender(events);
            logback.setLevel(null);
        }
    }
}
