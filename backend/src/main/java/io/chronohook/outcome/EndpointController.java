package io.chronohook.outcome;

import static io.chronohook.platform.Rows.instant;

import io.chronohook.access.Caller;
import io.chronohook.pipeline.CircuitBreakers;
import io.chronohook.platform.Page;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Map;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** {@code GET /api/v1/endpoints}: per target host, its circuit state, last day's success rate and last error. */
@RestController
public class EndpointController {

    static final String HOSTS = """
            select target_host, count(*) as attempts, count(*) filter (where outcome = 'delivered') as delivered,
                   max(finished_at) as last_attempt_at,
                   (array_agg(error order by finished_at desc) filter (where outcome <> 'delivered'))[1] as last_error,
                   max(finished_at) filter (where outcome <> 'delivered') as last_error_at
              from attempt
             where tenant_id = :tenantId and finished_at > :since and target_host is not null
             group by target_host
             order by target_host
            """;

    private final DatabaseClient db;
    private final CircuitBreakers breakers;
    private final Clock clock;

    public EndpointController(DatabaseClient db, CircuitBreakers breakers, Clock clock) {
        this.db = db;
        this.breakers = breakers;
        this.clock = clock;
    }

    /** One target host of the tenant. {@code circuitState} is the shared breaker's: closed, open or half_open. */
    public record Endpoint(String host, String circuitState, long attempts24h, Double successRate,
                           Instant lastAttemptAt, String lastError, Instant lastErrorAt) {
    }

    @GetMapping("/api/v1/endpoints")
    public Mono<Page<Endpoint>> list(@AuthenticationPrincipal Caller caller) {
        return breakers.states(caller.tenantId())
                // Redis away: the hosts are listed all the same, their breakers shown closed.
                .timeout(Duration.ofMillis(200))
                .onErrorReturn(Map.of())
                .flatMap(states -> endpoints(caller, states));
    }

    private Mono<Page<Endpoint>> endpoints(Caller caller, Map<String, String> states) {
        return db.sql(HOSTS)
                .bind("tenantId", caller.tenantId().value())
                .bind("since", clock.instant().minus(Duration.ofDays(1)).atOffset(ZoneOffset.UTC))
                .map(row -> {
                    String host = row.get("target_host", String.class);
                    long attempts = row.get("attempts", Long.class);
                    long delivered = row.get("delivered", Long.class);
                    return new Endpoint(host, states.getOrDefault(host, "closed"), attempts,
                            attempts == 0 ? null : (double) delivered / attempts,
                            instant(row.get("last_attempt_at", OffsetDateTime.class)),
                            row.get("last_error", String.class),
                            instant(row.get("last_error_at", OffsetDateTime.class)));
                })
                .all()
                .collectList()
                .map(items -> new Page<>(items, null));
    }
}
