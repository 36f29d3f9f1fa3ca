package io.chronohook.platform;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The connections of {@link KeyedReads}: at most {@code connections} per instance, opened as reads come (0: reads by
 * key share the main pool and its per-call planning).
 */
@ConfigurationProperties("chronohook.keyed-reads")
public record KeyedReadsProperties(Integer connections) {

    static final int DEFAULT_CONNECTIONS = 6;
    static final int MOST_CONNECTIONS = 64;

    public KeyedReadsProperties {
        if (connections == null) {
            connections = DEFAULT_CONNECTIONS;
        }
        if (connections < 0 || connections > MOST_CONNECTIONS) {
            throw new IllegalArgumentException("chronohook.keyed-reads.connections must be between 0 and "
                    + MOST_CONNECTIONS + ", not " + connections);
        }
    }
}
