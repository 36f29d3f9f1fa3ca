package io.chronohook.dispatch.guard;

import io.netty.resolver.AddressResolver;
import io.netty.resolver.AddressResolverGroup;
import io.netty.resolver.InetNameResolver;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.Promise;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.List;

/**
 * Netty resolver group for the sender's HTTP client: each new connection resolves its host through the
 * {@link TargetGuard}, which fails the resolution if any address is denied, so only checked addresses are dialled.
 */
final class PinningAddressResolverGroup extends AddressResolverGroup<InetSocketAddress> {

    private final TargetGuard guard;

    PinningAddressResolverGroup(TargetGuard guard) {
        this.guard = guard;
    }

    @Override
    protected AddressResolver<InetSocketAddress> newResolver(EventExecutor executor) {
        return new GuardedNameResolver(executor, guard).asAddressResolver();
    }

    private static final class GuardedNameResolver extends InetNameResolver {

        private final TargetGuard guard;

        GuardedNameResolver(EventExecutor executor, TargetGuard guard) {
            super(executor);
            this.guard = guard;
        }

        @Override
        protected void doResolve(String host, Promise<InetAddress> promise) {
            guard.resolveAllowed(host).subscribe(
                    addresses -> promise.trySuccess(addresses.getFirst()),
                    error -> promise.tryFailure(asResolutionFailure(host, error)));
        }

        @Override
        protected void doResolveAll(String host, Promise<List<InetAddress>> promise) {
            guard.resolveAllowed(host).subscribe(
                    promise::trySuccess,
                    error -> promise.tryFailure(asResolutionFailure(host, error)));
        }

        private static Throwable asResolutionFailure(String host, Throwable error) {
            if (error instanceof TargetRefusedException || error instanceof UnknownHostException) {
                return error;
            }
            UnknownHostException wrapped = new UnknownHostException(host + ": " + error);
            wrapped.initCause(error);
            return wrapped;
        }
    }
}
