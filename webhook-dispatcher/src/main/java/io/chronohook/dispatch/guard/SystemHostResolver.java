package io.chronohook.dispatch.guard;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;

/** {@link HostResolver} backed by the JDK's blocking lookup, kept off event loops and bounded in time. */
final class SystemHostResolver implements HostResolver {

    private final Duration timeout;
    private final Scheduler scheduler;

    SystemHostResolver(Duration timeout, Scheduler scheduler) {
        this.timeout = Objects.requireNonNull(timeout, "timeout");
        this.scheduler = Objects.requireNonNull(scheduler, "scheduler");
    }

    @Override
    public Mono<List<InetAddress>> resolve(String host) {
        return Mono.fromCallable(() -> List.of(InetAddress.getAllByName(host)))
                .subscribeOn(scheduler)
                .timeout(timeout, Mono.error(() ->
                        new UnknownHostException(host + ": no answer within " + timeout.toMillis() + " ms")));
    }
}
