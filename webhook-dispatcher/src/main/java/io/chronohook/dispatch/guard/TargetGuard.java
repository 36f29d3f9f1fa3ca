package io.chronohook.dispatch.guard;

import io.netty.resolver.AddressResolverGroup;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;
import reactor.core.publisher.Mono;

/**
 * The SSRF guard for tenants' webhook URLs. When a job is saved {@link #precheck} (no DNS) is user feedback; at every
 * attempt the dispatcher runs {@link #precheck} again and connects through {@link #addressResolverGroup()}, which
 * resolves, checks and pins the addresses: that is the control.
 */
public final class TargetGuard {

    private static final Pattern CANONICAL_DOTTED_QUAD =
            Pattern.compile("(?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])\\.){3}(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])");
    // Every inet_aton form (127.1, 2130706433, 0177.0.0.1, 0x7f.0.0.1) ends in a decimal or hex label; no DNS name does.
    private static final Pattern NUMERIC_LABEL = Pattern.compile("(?i)(?:0x[0-9a-f]*|[0-9]+)");
    private static final Pattern HOST_NAME = Pattern.compile("[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\\.?");

    private final boolean allowPrivateTargets;
    private final HostResolver resolver;

    public TargetGuard(boolean allowPrivateTargets, HostResolver resolver) {
        this.allowPrivateTargets = allowPrivateTargets;
        this.resolver = Objects.requireNonNull(resolver, "resolver");
    }

    /**
     * Checks a URL completely, resolving its host; blocks for at most the resolver's timeout, so call it off event
     * loops (or use {@link #check}).
     */
    public GuardDecision checkUrl(URI url) {
        return check(url).block();
    }

    /** {@link #checkUrl} without blocking. */
    public Mono<GuardDecision> check(URI url) {
        Optional<GuardDecision.Refused> refused = precheck(url);
        if (refused.isPresent()) {
            return Mono.just(refused.get());
        }
        Optional<InetAddress> literal = literalAddress(url.getHost());
        if (literal.isPresent()) {
            return Mono.just(GuardDecision.allowed(List.of(literal.get())));
        }
        String host = url.getHost();
        return resolveAllowed(host)
                .map(GuardDecision::allowed)
                .onErrorResume(TargetRefusedException.class, e -> Mono.just(e.refusal()))
                .onErrorResume(e -> Mono.just(resolutionFailed(host, e)));
    }

    /**
     * Every check that needs no DNS: scheme, credentials, host form and name, port, and the address of an IP-literal
     * host. Empty when the URL may go on to resolution.
     */
    public Optional<GuardDecision.Refused> precheck(URI url) {
        if (url == null || !url.isAbsolute() || url.isOpaque() || url.getRawAuthority() == null) {
            return refuse(RefusalCode.INVALID_URL, "the URL must be absolute, like https://hooks.example.com/path");
        }
        String scheme = url.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("https") && !(allowPrivateTargets && scheme.equals("http"))) {
            return refuse(RefusalCode.SCHEME_NOT_ALLOWED, allowPrivateTargets
                    ? "only http and https URLs are allowed, not " + scheme
                    : "only https URLs are allowed, not " + scheme);
        }
        if (url.getRawAuthority().contains("@")) {
            return refuse(RefusalCode.CREDENTIALS_IN_URL, "the URL must not carry credentials (user@host)");
        }
        String host = url.getHost();
        if (host == null) {
            // java.net.URI gives no host for 127.1, 0x7f.0.0.1 and the like: never "skip", always refuse.
            String authority = url.getRawAuthority();
            String authorityHost = authority.replaceFirst(":[0-9]*$", "");
            if (NUMERIC_LABEL.matcher(authorityHost.substring(authorityHost.lastIndexOf('.') + 1)).matches()) {
                return notCanonical(authorityHost);
            }
            return refuse(RefusalCode.INVALID_URL,
                    "'" + authority + "' is not a valid host name or canonical IP address");
        }
        Optional<GuardDecision.Refused> hostRefusal = host.startsWith("[") ? checkIpv6Literal(host) : checkHost(host);
        if (hostRefusal.isPresent()) {
            return hostRefusal;
        }
        return checkPort(scheme, url.getPort());
    }

    /**
     * Resolves {@code host} and fails with {@link TargetRefusedException} if any address is denied (unless private
     * targets are allowed), or with the resolver's error; the pinning resolver connects only to what this returns.
     */
    public Mono<List<InetAddress>> resolveAllowed(String host) {
        Optional<InetAddress> literal = literalAddress(host);
        Mono<List<InetAddress>> addresses = literal.isPresent()
                ? Mono.just(List.of(literal.get()))
                : Mono.defer(() -> resolver.resolve(host));
        return addresses.flatMap(resolved -> {
            if (resolved == null || resolved.isEmpty()) {
                return Mono.error(new UnknownHostException(host + ": no addresses"));
            }
            if (!allowPrivateTargets) {
                for (InetAddress address : resolved) {
                    Optional<String> denied = AddressPolicy.deniedReason(address);
                    if (denied.isPresent()) {
                        return Mono.error(new TargetRefusedException(new GuardDecision.Refused(
                                RefusalCode.ADDRESS_NOT_ALLOWED,
                                "resolves to " + address.getHostAddress() + ", " + denied.get())));
                    }
                }
            }
            return Mono.just(List.copyOf(resolved));
        });
    }

    /**
     * A Netty resolver group that resolves through this guard, so the connection goes only to checked addresses and
     * DNS rebinding between check and connect cannot work. TLS SNI and certificate checks keep using the host name.
     */
    public AddressResolverGroup<InetSocketAddress> addressResolverGroup() {
        return new PinningAddressResolverGroup(this);
    }

    public boolean allowsPrivateTargets() {
        return allowPrivateTargets;
    }

    private Optional<GuardDecision.Refused> checkIpv6Literal(String bracketed) {
        Optional<InetAddress> address = literalAddress(bracketed);
        if (address.isEmpty()) {
            return refuse(RefusalCode.INVALID_URL, "'" + bracketed + "' is not a valid IPv6 address");
        }
        return checkAddress(address.get());
    }

    private Optional<GuardDecision.Refused> checkHost(String host) {
        String lower = host.toLowerCase(Locale.ROOT);
        String name = lower.endsWith(".") ? lower.substring(0, lower.length() - 1) : lower;
        String lastLabel = name.substring(name.lastIndexOf('.') + 1);
        if (NUMERIC_LABEL.matcher(lastLabel).matches()) {
            if (!CANONICAL_DOTTED_QUAD.matcher(host).matches()) {
                return notCanonical(host);
            }
            return checkAddress(InetAddress.ofLiteral(host));
        }
        if (!HOST_NAME.matcher(lower).matches()) {
            return refuse(RefusalCode.INVALID_URL, "'" + host + "' is not a valid host name");
        }
        if (allowPrivateTargets) {
            return Optional.empty();
        }
        if (name.equals("localhost") || name.endsWith(".localhost")) {
            return refuse(RefusalCode.HOST_NAME_NOT_ALLOWED, "'" + host + "' names this machine (localhost)");
        }
        if (name.endsWith(".internal")) {
            return refuse(RefusalCode.HOST_NAME_NOT_ALLOWED, "'" + host + "' is an internal name (*.internal)");
        }
        if (name.endsWith(".local")) {
            return refuse(RefusalCode.HOST_NAME_NOT_ALLOWED, "'" + host + "' is a local network name (*.local)");
        }
        if (!name.contains(".")) {
            return refuse(RefusalCode.HOST_NAME_NOT_ALLOWED,
                    "'" + host + "' is a single-label name: use a fully qualified domain name");
        }
        return Optional.empty();
    }

    private Optional<GuardDecision.Refused> checkAddress(InetAddress address) {
        if (allowPrivateTargets) {
            return Optional.empty();
        }
        return AddressPolicy.deniedReason(address).map(reason -> new GuardDecision.Refused(
                RefusalCode.ADDRESS_NOT_ALLOWED, address.getHostAddress() + " is " + reason));
    }

    private Optional<GuardDecision.Refused> checkPort(String scheme, int port) {
        int effective = port == -1 ? (scheme.equals("https") ? 443 : 80) : port;
        if (effective < 1 || effective > 65535) {
            return refuse(RefusalCode.INVALID_URL, "port " + effective + " does not exist");
        }
        if (allowPrivateTargets || effective == 443 || effective == 80 || effective >= 1024) {
            return Optional.empty();
        }
        return refuse(RefusalCode.PORT_NOT_ALLOWED,
                "port " + effective + " is not allowed: use 443, 80 or a port from 1024 to 65535");
    }

    private static GuardDecision.Refused resolutionFailed(String host, Throwable error) {
        String detail = error.getMessage() == null ? error.getClass().getSimpleName() : error.getMessage();
        return new GuardDecision.Refused(RefusalCode.RESOLUTION_FAILED,
                "'" + host + "' could not be resolved (" + detail + ")");
    }

    /**
     * The address of an IP-literal host (canonical dotted quad, or bracketed IPv6 with any zone dropped); empty for
     * names and for anything malformed.
     */
    static Optional<InetAddress> literalAddress(String host) {
        if (host == null || host.isEmpty()) {
            return Optional.empty();
        }
        String candidate = host;
        if (candidate.startsWith("[") && candidate.endsWith("]")) {
            candidate = candidate.substring(1, candidate.length() - 1);
        }
        if (candidate.contains(":")) {
            int zone = candidate.indexOf('%');
            String address = zone < 0 ? candidate : candidate.substring(0, zone);
            try {
                return Optional.of(InetAddress.ofLiteral(address));
            } catch (IllegalArgumentException e) {
                return Optional.empty();
            }
        }
        return CANONICAL_DOTTED_QUAD.matcher(candidate).matches()
                ? Optional.of(InetAddress.ofLiteral(candidate))
                : Optional.empty();
    }

    private static Optional<GuardDecision.Refused> notCanonical(String host) {
        return refuse(RefusalCode.NUMERIC_HOST_NOT_CANONICAL, "'" + host
                + "' is not a canonical IPv4 address: write it as four decimal numbers, like 93.184.216.34");
    }

    private static Optional<GuardDecision.Refused> refuse(RefusalCode code, String reason) {
        return Optional.of(new GuardDecision.Refused(code, reason));
    }

    @Override
    public String toString() {
        return "TargetGuard[allowPrivateTargets=" + allowPrivateTargets + "]";
    }
}
