package io.chronohook.node;

import static io.chronohook.platform.Rows.instant;
import static io.chronohook.platform.Rows.utc;

import io.r2dbc.spi.Readable;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** The node table: registration, heartbeats, drain requests, and the list the operator sees. */
@Component
public class NodeStore {

    private final DatabaseClient db;

    public NodeStore(DatabaseClient db) {
        this.db = db;
    }

    /** A node as listed: {@code state} is {@code dead} when it has been silent past the dead-after window. */
    public record Node(NodeId id, String roles, String version, String host, Instant startedAt, Instant heartbeatAt,
                       int inFlight, boolean drainRequested, String state) {
    }

    public Mono<Void> register(NodeId id, String roles, String version, String host, Instant now) {
        return db.sql(NodeSql.REGISTER)
                .bind("id", id.value()).bind("roles", roles).bind("version", version).bind("host", host)
                .bind("now", utc(now))
                .then();
    }

    /** Writes a heartbeat; emits whether a drain is asked of the node, or nothing when its row is gone. */
    public Mono<Boolean> heartbeat(NodeId id, int inFlight, Instant now) {
        return db.sql(NodeSql.HEARTBEAT)
                .bind("id", id.value()).bind("inFlight", inFlight).bind("now", utc(now))
                .map(row -> row.get("drain_requested", Boolean.class))
                .one();
    }

    /** Marks the node {@code stopping} or {@code stopped}. */
    public Mono<Void> mark(NodeId id, String state, int inFlight, Instant now) {
        return db.sql(NodeSql.MARK)
                .bind("id", id.value()).bind("state", state).bind("inFlight", inFlight).bind("now", utc(now))
                .then();
    }

    /** Asks a node to drain (or to take work again); false when there is no such node. */
    public Mono<Boolean> setDrain(NodeId id, boolean drain) {
        return db.sql(NodeSql.SET_DRAIN)
                .bind("id", id.value()).bind("drain", drain)
                .map(row -> row.get("id", UUID.class))
                .all().hasElements();
    }

    public Flux<Node> list(Instant now, Duration deadAfter) {
        return db.sql(NodeSql.LIST).map(row -> node(row, now, deadAfter)).all();
    }

    public Mono<Node> find(NodeId id, Instant now, Duration deadAfter) {
        return db.sql(NodeSql.FIND).bind("id", id.value()).map(row -> node(row, now, deadAfter)).one();
    }

    public Mono<Long> forget(Instant before) {
        return db.sql(NodeSql.FORGET).bind("before", utc(before)).fetch().rowsUpdated();
    }

    private static Node node(Readable row, Instant now, Duration deadAfter) {
        Instant heartbeat = instant(row, "heartbeat_at");
        String state = row.get("state", String.class);
        boolean silent = heartbeat.isBefore(now.minus(deadAfter));
        return new Node(new NodeId(row.get("id", UUID.class)), row.get("roles", String.class),
                row.get("version", String.class), row.get("host", String.class), instant(row, "started_at"),
                heartbeat, row.get("in_flight", Integer.class), row.get("drain_requested", Boolean.class),
                silent && !"stopped".equals(state) ? "dead" : state);
    }
}
