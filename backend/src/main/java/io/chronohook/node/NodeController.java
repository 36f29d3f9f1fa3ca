package io.chronohook.node;

import io.chronohook.platform.ApiException;
import io.chronohook.platform.Page;
import io.chronohook.platform.PrefixedIds;
import java.time.Clock;
import java.time.Instant;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** {@code /api/v1/operator/nodes}: the instances, alive or not, and draining one (operator credential only). */
@RestController
public class NodeController {

    static final String ID_PREFIX = "node_";

    private final NodeStore store;
    private final NodeProperties properties;
    private final Clock clock;

    public NodeController(NodeStore store, NodeProperties properties, Clock clock) {
        this.store = store;
        this.properties = properties;
        this.clock = clock;
    }

    /** A node as the operator sees it. */
    public record NodeView(String id, String host, String roles, String version, Instant startedAt,
                           Instant lastHeartbeatAt, int inFlight, boolean drainRequested, String state) {

        static NodeView of(NodeStore.Node node) {
            return new NodeView(PrefixedIds.format(ID_PREFIX, node.id().value()), node.host(), node.roles(),
                    node.version(), node.startedAt(), node.heartbeatAt(), node.inFlight(), node.drainRequested(),
                    node.state());
        }
    }

    @GetMapping("/api/v1/operator/nodes")
    public Mono<Page<NodeView>> list() {
        return store.list(clock.instant(), properties.deadAfter()).map(NodeView::of).collectList()
                .map(items -> new Page<>(items, null));
    }

    @GetMapping("/api/v1/operator/nodes/{id}")
    public Mono<NodeView> one(@PathVariable String id) {
        NodeId node = parse(id);
        return store.find(node, clock.instant(), properties.deadAfter()).map(NodeView::of)
                .switchIfEmpty(Mono.error(() -> ApiException.notFound("node " + id)));
    }

    /** Asks the node to take no new runs; it finishes what it has in flight and then shows {@code drained}. */
    @PostMapping("/api/v1/operator/nodes/{id}/drain")
    public Mono<NodeView> drain(@PathVariable String id) {
        return setDrain(id, true);
    }

    /** Lets a drained node take runs again. */
    @PostMapping("/api/v1/operator/nodes/{id}/undrain")
    public Mono<NodeView> undrain(@PathVariable String id) {
        return setDrain(id, false);
    }

    private Mono<NodeView> setDrain(String id, boolean drain) {
        NodeId node = parse(id);
        return store.setDrain(node, drain)
                .flatMap(found -> found ? store.find(node, clock.instant(), properties.deadAfter()).map(NodeView::of)
                        : Mono.error(ApiException.notFound("node " + id)));
    }

    private static NodeId parse(String id) {
        return PrefixedIds.parse(ID_PREFIX, id).map(NodeId::new)
                .orElseThrow(() -> ApiException.notFound("node " + id));
    }
}
