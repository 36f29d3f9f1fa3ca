package io.chronohook.node;

import io.chronohook.platform.ApiException;
import io.chronohook.platform.ApiTags;
import io.chronohook.platform.Page;
import io.chronohook.platform.PrefixedIds;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.time.Clock;
import java.time.Instant;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** {@code /api/v1/operator/nodes}: the instances, alive or not, and draining one (operator credential only). */
@RestController
@Tag(name = ApiTags.OPERATOR)
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
    @Schema(description = "An instance of the installation (a node), alive or not, as the operator sees it.")
    public record NodeView(
            @Schema(description = "The node's id, fresh at each start.",
                    example = "node_0195a5d0e1f27a3b8c4d5e6f7a8b9c0d", requiredMode = Schema.RequiredMode.REQUIRED)
            String id,
            @Schema(description = "The machine's host name and the process id, as `host/pid`.",
                    example = "worker-1/4242", requiredMode = Schema.RequiredMode.REQUIRED)
            String host,
            @Schema(description = "What the node runs (`chronohook.roles`): the REST API, the scheduling pipeline, or "
                    + "both, sorted and comma-separated.", example = "api,worker",
                    allowableValues = {"api", "api,worker", "worker"}, requiredMode = Schema.RequiredMode.REQUIRED)
            String roles,
            @Schema(description = "The build's version; `dev` when the build has none.", example = "0.1.0-SNAPSHOT",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            String version,
            @Schema(description = "When the node started.", example = "2026-03-02T06:00:00Z",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            Instant startedAt,
            @Schema(description = "Its last heartbeat (every second while it lives).", example = "2026-03-02T09:00:00Z",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            Instant lastHeartbeatAt,
            @Schema(description = "Its deliveries in flight at that heartbeat.", example = "12",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            int inFlight,
            @Schema(description = "Whether an operator asked it to drain (and not yet to undrain).", example = "false",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            boolean drainRequested,
            @Schema(description = "`active` (taking work), `draining` (asked to drain, deliveries still in flight), "
                    + "`drained` (nothing in flight), `stopping` (SIGTERM received, finishing), `stopped` (exited "
                    + "cleanly) or `dead` (silent past `chronohook.node.dead-after`, 10 s, without having stopped).",
                    example = "active", allowableValues = {"active", "draining", "drained", "stopping", "stopped",
                    "dead"}, requiredMode = Schema.RequiredMode.REQUIRED)
            String state) {

        static NodeView of(NodeStore.Node node) {
            return new NodeView(PrefixedIds.format(ID_PREFIX, node.id().value()), node.host(), node.roles(),
                    node.version(), node.startedAt(), node.heartbeatAt(), node.inFlight(), node.drainRequested(),
                    node.state());
        }
    }

    @GetMapping("/api/v1/operator/nodes")
    @Operation(operationId = "listNodes", summary = "List nodes",
            description = "Every instance, alive or not, oldest first, in one page (`nextCursor` is null); stopped "
                    + "and dead nodes stay listed for `chronohook.node.forget-after` (a day). Needs the operator "
                    + "token.")
    @ApiResponse(responseCode = "200", description = "The nodes, oldest first.")
    public Mono<Page<NodeView>> list() {
        return store.list(clock.instant(), properties.deadAfter()).map(NodeView::of).collectList()
                .map(items -> new Page<>(items, null));
    }

    @GetMapping("/api/v1/operator/nodes/{id}")
    @Operation(operationId = "getNode", summary = "Get a node",
            description = "One instance and its state. Needs the operator token.")
    @ApiResponse(responseCode = "200", description = "The node.")
    @ApiResponse(responseCode = "404", description = "`not_found`: no node has this id (or it was forgotten).")
    public Mono<NodeView> one(@Parameter(description = "The node's id (`node_…`).",
                                      example = "node_0195a5d0e1f27a3b8c4d5e6f7a8b9c0d")
                              @PathVariable String id) {
        NodeId node = parse(id);
        return store.find(node, clock.instant(), properties.deadAfter()).map(NodeView::of)
                .switchIfEmpty(Mono.error(() -> ApiException.notFound("node " + id)));
    }

    /** Asks the node to take no new runs; it finishes what it has in flight and then shows {@code drained}. */
    @PostMapping("/api/v1/operator/nodes/{id}/drain")
    @Operation(operationId = "drainNode", summary = "Drain a node",
            description = "Asks the node to take no new runs: within a second it stops claiming runs, finishes its "
                    + "deliveries in flight and shows `drained` (`draining` meanwhile); its other loops go on. Use it "
                    + "before stopping a node for maintenance. Needs the operator token.")
    @ApiResponse(responseCode = "200", description = "The node, with `drainRequested: true`; its `state` follows at "
            + "its next heartbeat.")
    @ApiResponse(responseCode = "404", description = "`not_found`: no node has this id (or it was forgotten).")
    public Mono<NodeView> drain(@Parameter(description = "The node's id (`node_…`).",
                                        example = "node_0195a5d0e1f27a3b8c4d5e6f7a8b9c0d")
                                @PathVariable String id) {
        return setDrain(id, true);
    }

    /** Lets a drained node take runs again. */
    @PostMapping("/api/v1/operator/nodes/{id}/undrain")
    @Operation(operationId = "undrainNode", summary = "Undrain a node",
            description = "Lets a drained (or draining) node take runs again, within a second. Needs the operator "
                    + "token.")
    @ApiResponse(responseCode = "200", description = "The node, with `drainRequested: false`; its `state` follows at "
            + "its next heartbeat.")
    @ApiResponse(responseCode = "404", description = "`not_found`: no node has this id (or it was forgotten).")
    public Mono<NodeView> undrain(@Parameter(description = "The node's id (`node_…`).",
                                          example = "node_0195a5d0e1f27a3b8c4d5e6f7a8b9c0d")
                                  @PathVariable String id) {
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
