package io.chronohook.dispatch;

import static io.chronohook.dispatch.RequestBuilder.aRequestTo;
import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.dispatch.DeliveryOutcome.Blocked;
import io.chronohook.dispatch.DeliveryOutcome.Delivered;
import io.chronohook.dispatch.DeliveryOutcome.Failed;
import io.chronohook.dispatch.guard.GuardDecision;
import io.chronohook.dispatch.guard.HostResolver;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

/** The dispatcher connects only to addresses its guard resolved and checked, whatever DNS says in between. */
class PinnedResolutionTest {

    private static final InetAddress LOOPBACK = InetAddress.ofLiteral("127.0.0.1");
    private static final InetAddress PUBLIC = InetAddress.ofLiteral("93.184.216.34");

    private final TestReceiver receiver = new TestReceiver();
    private final Queue<String> lookups = new ConcurrentLinkedQueue<>();
    private WebhookDispatcher dispatcher;

    @AfterEach
    void stop() {
        if (dispatcher != null) {
            dispatcher.close();
        }
        receiver.close();
    }

    @Test
    void aNameThatResolvesToLoopbackIsBlockedWithoutAnyConnection() {
        dispatcher = dispatcher(false, host -> answer(host, LOOPBACK));

        DeliveryOutcome outcome = dispatch(aRequestTo("https://hooks.example:" + receiver.port() + "/x").build());

        assertThat(outcome).isInstanceOfSatisfying(Blocked.class, blocked ->
                assertThat(blocked.reason()).isEqualTo("resolves to 127.0.0.1, a loopback address (127.0.0.0/8)"));
        assertThat(lookups).containsExactly("hooks.example");
        assertThat(receiver.connections()).isZero();
        assertThat(receiver.requests()).isEmpty();
    }

    @Test
    void dnsRebindingBetweenTheCreationCheckAndTheAttemptIsBlocked() {
        AtomicInteger calls = new AtomicInteger();
        dispatcher = dispatcher(false, host -> answer(host, calls.getAndIncrement() == 0 ? PUBLIC : LOOPBACK));
        URI url = URI.create("https://hooks.example:" + receiver.port() + "/x");

        GuardDecision atCreation = dispatcher.guard().checkUrl(url);
        DeliveryOutcome atDelivery = dispatch(aRequestTo(url.toString()).build());

        assertThat(atCreation).isEqualTo(new GuardDecision.Allowed(List.of(PUBLIC)));
        assertThat(atDelivery).isInstanceOfSatisfying(Blocked.class, blocked ->
                assertThat(blocked.reason()).contains("127.0.0.1"));
        assertThat(lookups).hasSize(2);
        assertThat(receiver.connections()).isZero();
    }

    @Test
    void anAnswerWithOnePrivateAddressAmongPublicOnesIsBlocked() {
        dispatcher = dispatcher(false, host -> answer(host, PUBLIC, InetAddress.ofLiteral("10.1.2.3")));

        DeliveryOutcome outcome = dispatch(aRequestTo("https://hooks.example:" + receiver.port() + "/x").build());

        assertThat(outcome).isInstanceOfSatisfying(Blocked.class, blocked ->
                assertThat(blocked.reason()).contains("10.1.2.3", "private"));
        assertThat(receiver.connections()).isZero();
    }

    @Test
    void aLoopbackLiteralIsBlockedWithoutDnsOrConnection() {
        dispatcher = dispatcher(false, host -> answer(host, PUBLIC));

        DeliveryOutcome outcome = dispatch(aRequestTo("https://127.0.0.1:" + receiver.port() + "/x").build());

        assertThat(outcome).isInstanceOfSatisfying(Blocked.class, blocked ->
                assertThat(blocked.reason()).isEqualTo("127.0.0.1 is a loopback address (127.0.0.0/8)"));
        assertThat(lookups).isEmpty();
        assertThat(receiver.connections()).isZero();
    }

    @Test
    void aUrlTheGuardRefusesOutrightIsBlockedAtDeliveryToo() {
        dispatcher = dispatcher(false, host -> answer(host, PUBLIC));

        assertThat(dispatch(aRequestTo("http://hooks.example/x").build())).isInstanceOf(Blocked.class);
        assertThat(dispatch(aRequestTo("https://hooks.example:22/x").build())).isInstanceOf(Blocked.class);
        assertThat(dispatch(aRequestTo("https://2130706433/x").build())).isInstanceOf(Blocked.class);
        assertThat(lookups).isEmpty();
    }

    @Test
    void aNameThatDoesNotResolveFailsAsDnsBeforeAnythingIsSent() {
        dispatcher = dispatcher(false, host -> {
            lookups.add(host);
            return Mono.error(new UnknownHostException(host + ": NXDOMAIN"));
        });

        DeliveryOutcome outcome = dispatch(aRequestTo("https://nowhere.example/x").build());

        assertThat(outcome).isInstanceOfSatisfying(Failed.class, failed -> {
            assertThat(failed.errorClass()).isEqualTo("dns");
            assertThat(failed.mayHaveReachedReceiver()).isFalse();
        });
    }

    @Test
    void withPrivateTargetsAllowedTheResolverIsStillUsedAndTheHostNameKept() {
        dispatcher = dispatcher(true, host -> answer(host, LOOPBACK));

        DeliveryOutcome outcome = dispatch(aRequestTo("http://hooks.example:" + receiver.port() + "/x").build());

        assertThat(outcome).isInstanceOf(Delivered.class);
        assertThat(lookups).containsExactly("hooks.example");
        assertThat(receiver.onlyRequest().header("host")).isEqualTo("hooks.example:" + receiver.port());
    }

    private WebhookDispatcher dispatcher(boolean allowPrivateTargets, HostResolver resolver) {
        return new WebhookDispatcher(DispatcherSettings.defaults().withAllowPrivateTargets(allowPrivateTargets),
                Clock.systemUTC(), resolver);
    }

    private Mono<List<InetAddress>> answer(String host, InetAddress... addresses) {
        lookups.add(host);
        return Mono.just(List.of(addresses));
    }

    private DeliveryOutcome dispatch(DeliveryRequest request) {
        return dispatcher.dispatch(request).block(Duration.ofSeconds(30));
    }
}
