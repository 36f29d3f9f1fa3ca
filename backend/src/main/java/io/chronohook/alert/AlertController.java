package io.chronohook.alert;

import io.chronohook.access.Caller;
import io.chronohook.audit.AuditEntry;
import io.chronohook.audit.AuditStore;
import io.chronohook.platform.ApiException;
import io.chronohook.platform.ApiTags;
import io.chronohook.platform.Page;
import io.chronohook.platform.PageRequest;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.transaction.reactive.TransactionalOperator;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/** {@code /api/v1/alerts}: the tenant's alert webhook and thresholds (audited), a test alert, and recent alerts. */
@RestController
@Tag(name = ApiTags.ALERTS)
public class AlertController {

    private final AlertStore store;
    private final AlertSettingsValidator validator;
    private final AlertProperties properties;
    private final AuditStore audit;
    private final TransactionalOperator tx;
    private final Clock clock;

    public AlertController(AlertStore store, AlertSettingsValidator validator, AlertProperties properties,
                           AuditStore audit, TransactionalOperator tx, Clock clock) {
        this.store = store;
        this.validator = validator;
        this.properties = properties;
        this.audit = audit;
        this.tx = tx;
        this.clock = clock;
    }

    @GetMapping("/api/v1/alerts/settings")
    @Operation(operationId = "getAlertSettings", summary = "Get the alert settings",
            description = "Where alerts go and when they are raised. With no webhook set, `enabled` is false, `url` "
                    + "null and the other fields the installation's defaults. Needs the `admin` scope (an owner's or "
                    + "admin's token, or an API key with `admin`).")
    @ApiResponse(responseCode = "200", description = "The tenant's alert settings.")
    public Mono<AlertSettingsView> settings(@AuthenticationPrincipal Caller caller) {
        return store.settings(caller.tenantId()).map(AlertSettingsView::of)
                .defaultIfEmpty(AlertSettingsView.off(properties.defaults()));
    }

    @PutMapping("/api/v1/alerts/settings")
    @Operation(operationId = "saveAlertSettings", summary = "Set the alert webhook and thresholds",
            description = "Sets the alert webhook and, optionally, the thresholds and the events, replacing the "
                    + "settings saved before: a field left out takes the installation's default. The URL is checked "
                    + "like a job's target (`target_not_allowed` in `errors`). Audited as `alert_settings.updated`, "
                    + "with the URL's host only. Needs the `admin` scope (an owner's or admin's token, or an API key "
                    + "with `admin`).")
    @ApiResponse(responseCode = "200", description = "The settings as saved, `enabled` true.")
    public Mono<AlertSettingsView> save(@AuthenticationPrincipal Caller caller,
                                        @RequestBody AlertSettingsRequest request) {
        return Mono.fromCallable(() -> validator.validate(request))
                .subscribeOn(Schedulers.boundedElastic())
                .flatMap(settings -> store.saveSettings(caller.tenantId(), settings, clock.instant())
                        .flatMap(saved -> audit.record(caller.tenantId(), AuditEntry.by(caller,
                                "alert_settings.updated", "alert_settings", null, auditDetails(saved)))
                                .thenReturn(saved))
                        .as(tx::transactional))
                .map(AlertSettingsView::of);
    }

    /** Turns alerts off; alerts not yet sent are dropped (failed) when their turn comes. */
    @DeleteMapping("/api/v1/alerts/settings")
    @Operation(operationId = "turnOffAlerts", summary = "Turn alerts off",
            description = "Deletes the alert settings; alerts not yet sent are dropped (`failed`). Also 204 when "
                    + "alerts were off already. Audited as `alert_settings.deleted`. Needs the `admin` scope (an "
                    + "owner's or admin's token, or an API key with `admin`).")
    @ApiResponse(responseCode = "204", description = "Alerts are off.")
    public Mono<ResponseEntity<Void>> turnOff(@AuthenticationPrincipal Caller caller) {
        return store.deleteSettings(caller.tenantId())
                .flatMap(deleted -> deleted
                        ? audit.record(caller.tenantId(), AuditEntry.by(caller, "alert_settings.deleted",
                                "alert_settings", null, Map.of()))
                        : Mono.empty())
                .as(tx::transactional)
                .thenReturn(ResponseEntity.noContent().build());
    }

    @PostMapping("/api/v1/alerts/test")
    @Operation(operationId = "sendTestAlert", summary = "Send a test alert",
            description = "Queues an `alert.test` alert to the webhook, to check that it is reachable and verifies "
                    + "Chronohook's signature; follow its delivery with `GET /api/v1/alerts/{id}`. Needs the `admin` "
                    + "scope (an owner's or admin's token, or an API key with `admin`).")
    @ApiResponse(responseCode = "202", description = "The test alert, queued (`pending`).")
    @ApiResponse(responseCode = "409", description = "`alerts_off`: no alert webhook is set.")
    public Mono<ResponseEntity<AlertView>> test(@AuthenticationPrincipal Caller caller) {
        return store.settings(caller.tenantId())
                .switchIfEmpty(Mono.error(new ApiException(HttpStatus.CONFLICT, "alerts_off",
                        "set an alert webhook first (PUT /api/v1/alerts/settings)")))
                .flatMap(settings -> store.enqueueTest(caller.tenantId(), clock.instant()))
                .map(alert -> ResponseEntity.status(HttpStatus.ACCEPTED).body(AlertView.of(alert)));
    }

    @GetMapping("/api/v1/alerts")
    @Operation(operationId = "listAlerts", summary = "List alerts",
            description = "The tenant's recent alerts, newest first, in pages: pass the answer's `nextCursor` as "
                    + "`cursor` for the next page (null on the last one); `limit` is 1–200, default 50. Finished "
                    + "alerts are kept 30 days by default (`chronohook.alerts.retention`). Needs `jobs:read`.")
    @ApiResponse(responseCode = "200", description = "A page of the tenant's alerts, newest first.")
    public Mono<Page<AlertView>> list(@AuthenticationPrincipal Caller caller,
                                      @Parameter(description = "How many alerts a page holds: 1–200; default 50.",
                                              example = "50")
                                      @RequestParam(required = false) Integer limit,
                                      @Parameter(description = "The `nextCursor` of the previous page; left out for "
                                              + "the first page.",
                                              example = "MDE5NWE3YzQtM2IyZS03ZjEwLTljNGQtMmU4YjVhMWY2YzNk")
                                      @RequestParam(required = false) String cursor) {
        PageRequest page = PageRequest.of(limit, cursor);
        return store.list(caller.tenantId(), page)
                .map(result -> new Page<>(result.items().stream().map(AlertView::of).toList(), result.nextCursor()));
    }

    @GetMapping("/api/v1/alerts/{id}")
    @Operation(operationId = "getAlert", summary = "Get an alert",
            description = "One alert and how its delivery went; another tenant's id is a 404. Needs `jobs:read`.")
    @ApiResponse(responseCode = "200", description = "The alert.")
    public Mono<AlertView> find(@AuthenticationPrincipal Caller caller,
                                @Parameter(description = "The alert's id (`alr_…`).",
                                        example = "alr_0195a7f01d2c7e4fa9b8c7d6e5f4a3b2")
                                @PathVariable String id) {
        AlertId alertId = AlertId.parse(id).orElseThrow(() -> ApiException.notFound("alert " + id));
        return store.find(caller.tenantId(), alertId).map(AlertView::of)
                .switchIfEmpty(Mono.error(ApiException.notFound("alert " + id)));
    }

    /** What changed, without the URL itself (it may carry the receiver's own token): its host. */
    private static Map<String, Object> auditDetails(AlertSettings settings) {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("host", String.valueOf(settings.url().getHost()));
        details.put("failingThreshold", settings.failingThreshold());
        details.put("missedWindowAfter", settings.missedWindowAfter().toString());
        details.put("cooldown", settings.cooldown().toString());
        details.put("events", settings.events().stream().map(AlertKind::wire).toList());
        return details;
    }
}
