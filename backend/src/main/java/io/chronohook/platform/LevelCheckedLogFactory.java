package io.chronohook.platform;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.apache.commons.logging.impl.Slf4jLogFactory;

/**
 * Commons Logging (which Spring and Spring Security log through) as it comes, over SLF4J, but asking the level before
 * a message is made a string. The stock adapter turns every message into a string first and asks the level after:
 * Spring Security's debug messages, lazily formatted for a level that is off, were formatted on every request anyway
 * (a request path matched against a dozen route patterns formats a dozen). Chosen through
 * {@code META-INF/services/org.apache.commons.logging.LogFactory}.
 */
public final class LevelCheckedLogFactory extends LogFactory {

    private final Slf4jLogFactory slf4j = new Slf4jLogFactory();
    private final Map<String, Log> logs = new ConcurrentHashMap<>();

    @Override
    public Log getInstance(Class<?> clazz) {
        return getInstance(clazz.getName());
    }

    @Override
    public Log getInstance(String name) {
        return logs.computeIfAbsent(name, n -> new LevelChecked(slf4j.getInstance(n)));
    }

    @Override
    public Object getAttribute(String name) {
        return slf4j.getAttribute(name);
    }

    @Override
    public String[] getAttributeNames() {
        return slf4j.getAttributeNames();
    }

    @Override
    public void release() {
        logs.clear();
        slf4j.release();
    }

    @Override
    public void removeAttribute(String name) {
        slf4j.removeAttribute(name);
    }

    @Override
    public void setAttribute(String name, Object value) {
        slf4j.setAttribute(name, value);
    }

    /** A log that hands a message on only when its level is on. */
    record LevelChecked(Log log) implements Log {

        @Override
        public boolean isTraceEnabled() {
            return log.isTraceEnabled();
        }

        @Override
        public boolean isDebugEnabled() {
            return log.isDebugEnabled();
        }

        @Override
        public boolean isInfoEnabled() {
            return log.isInfoEnabled();
        }

        @Override
        public boolean isWarnEnabled() {
            return log.isWarnEnabled();
        }

        @Override
        public boolean isErrorEnabled() {
            return log.isErrorEnabled();
        }

        @Override
        public boolean isFatalEnabled() {
            return log.isFatalEnabled();
        }

        @Override
        public void trace(Object message) {
            if (log.isTraceEnabled()) {
                log.trace(message);
            }
        }

        @Override
        public void trace(Object message, Throwable t) {
            if (log.isTraceEnabled()) {
                log.trace(message, t);
            }
        }

        @Override
        public void debug(Object message) {
            if (log.isDebugEnabled()) {
                log.debug(message);
            }
        }

        @Override
        public void debug(Object message, Throwable t) {
            if (log.isDebugEnabled()) {
                log.debug(message, t);
            }
        }

        @Override
        public void info(Object message) {
            if (log.isInfoEnabled()) {
                log.info(message);
            }
        }

        @Override
        public void info(Object message, Throwable t) {
            if (log.isInfoEnabled()) {
                log.info(message, t);
            }
        }

        @Override
        public void warn(Object message) {
            if (log.isWarnEnabled()) {
                log.warn(message);
            }
        }

        @Override
        public void warn(Object message, Throwable t) {
            if (log.isWarnEnabled()) {
                log.warn(message, t);
            }
        }

        @Override
        public void error(Object message) {
            if (log.isErrorEnabled()) {
                log.error(message);
            }
        }

        @Override
        public void error(Object message, Throwable t) {
            if (log.isErrorEnabled()) {
                log.error(message, t);
            }
        }

        @Override
        public void fatal(Object message) {
            if (log.isFatalEnabled()) {
                log.fatal(message);
            }
        }

        @Override
        public void fatal(Object message, Throwable t) {
            if (log.isFatalEnabled()) {
                log.fatal(message, t);
            }
        }
    }
}
