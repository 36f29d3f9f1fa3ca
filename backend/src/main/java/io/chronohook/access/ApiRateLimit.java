package io.chronohook.access;

import io.chronohook.billing.quota.TenantBuckets;
import io.chronohook.job.TenantPlans;
import io.chronohook.observability.MeterNames;
import io.chronohook.platform.OutageLog;
import io.chronohook.platform.ProblemWriter;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.security.core.context.ReactiveSecurityContextHolder;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * Per-tenant API rate limit: every authenticated tenant request takes a token from the tenant's bucket (its plan's
 * requests per second, bursts of twice that), shared by every instance. Out of tokens → 429 problem with
 * {@code Retry-After}; every answer carries {@code RateLimit-Limit} and {@code RateLimit-Remaining} (per second, so the
 * remainder never exceeds the limit) and {@code RateLimit-Burst} and {@code RateLimit-Burst-Remaining}. If Redis cannot
 * be reached the request goes through: the limit protects the service, it must not take the API down with Redis.
 */
@Component
@Order(0)
public class ApiRateLimit implements WebFilter {

    private static final Logger log = LoggerFactory.getLogger(ApiRateLimit.class);
    private final OutageLog outage = new OutageLog(log, "API rate limit not applied: the bucket store does not answer");
    private final Counter skipped;
    private final Duration timeout;

    private final TenantBuckets buckets;
    private final TenantPlans plans;
    private final ProblemWriter problems;

    public ApiRateLimit(TenantBuckets buckets, TenantPlans plans, ProblemWriter problems, MeterRegistry meters,
                        ApiRateLimitProperties properties) {
        this.timeout = properties.timeout();
        this.skipped = Counter.builder(MeterNames.API_RATE_LIMIT_SKIPPED)
                .description("API requests let through without the rate limit because Redis did not answer in time")
                .register(meters);
        this.buckets = buckets;
        this.plans = plans;
        this.problems = problems;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        if (!exchange.getRequest().getPath().value().startsWith("/api/")) {
            return chain.filter(exchange);
        }
        return ReactiveSecurityContextHolder.getContext()
                .map(SecurityContext::getAuthentication)
                .filter(auth -> auth instanceof CallerAuthentication caller && caller.getPrincipal().tenantId() != null)
                .map(auth -> ((CallerAuthentication) auth).getPrincipal())
                .flatMap(caller -> plans.of(caller.tenantId()).flatMap(plan -> {
                    int rate = plan.apiRequestsPerSecond();
                    int burst = rate * 2;
                    return buckets.take("api", caller.tenantId(), rate, burst, 1)
                            .timeout(timeout)
                            .doOnNext(take -> outage.succeeded())
                            .onErrorResume(error -> {
                                outage.failed(error);
                                skipped.increment();
                                return Mono.empty();
                            })
                            .map(take -> new Decision(take, rate, burst));
                }))
                .flatMap(decision -> {
                    ServerHttpResponse response = exchange.getResponse();
                    // Limit and Remaining speak of the plan's rate per second, so Remaining never exceeds Limit; the
                    // bucket's burst (twice the rate) and the tokens left in it have headers of their own.
                    long tokens = decision.take().remaining();
                    response.getHeaders().set("RateLimit-Limit", Integer.toString(decision.rate()));
                    response.getHeaders().set("RateLimit-Remaining", Long.toString(Math.min(tokens, decision.rate())));
                    response.getHeaders().set("RateLimit-Burst", Integer.toString(decision.burst()));
                    response.getHeaders().set("RateLimit-Burst-Remaining", Long.toString(tokens));
                    if (decision.take().taken()) {
                        return chain.filter(exchange).thenReturn(true);
                    }
                    long seconds = Math.max(1, (decision.take().retryAfter().toMillis() + 999) / 1000);
                    response.getHeaders().set("Retry-After", Long.toString(seconds));
                    response.getHeaders().set("RateLimit-Reset", Long.toString(seconds));
                    return problems.write(exchange, HttpStatus.TOO_MANY_REQUESTS, "rate_limited",
                            "the plan allows " + decision.rate() + " API requests per second; retry in " + seconds
                                    + " s", List.of()).thenReturn(true);
                })
                .switchIfEmpty(Mono.defer(() -> chain.filter(exchange).thenReturn(true)))
                .then();
    }

    private record Decision(TenantBuckets.Take take, int rate, int burst) {
    }
}
