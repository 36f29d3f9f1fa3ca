package io.chronohook.dispatch.guard;

import java.net.InetAddress;
import java.time.Duration;
import java.util.List;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * Turns a host name into every address it resolves to; the guard checks them all and the sender connects only to them.
 * Tests plug in a fake DNS. A lookup that fails or times out signals an error (ideally an {@link java.net.UnknownHostException}).
 */
@FunctionalInterface
public interface HostResolver {

    /** All addresses of {@code host}, never empty on success. */
    Mono<List<InetAddress>> resolve(String host);

    /** The operating system's resolver ({@code InetAddress.getAllByName}), run on a bounded elastic scheduler. */
    static HostResolver system(Duration timeout) {
        return new SystemHostResolver(timeout, Schedulers.boundedElastic());
    }
}
