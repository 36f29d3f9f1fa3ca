package io.chronohook.alert;

import io.chronohook.access.Caller;
import io.chronohook.audit.AuditEntry;
import io.chronohook.audit.AuditStore;
import io.chronohook.platform.ApiException;
import io.chronohook.platform.Page;
import io.chronohook.platform.PageRequest;
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
    public Mono<AlertSettingsView> settings(@AuthenticationPrincipal Caller caller) {
        return store.settings(caller.tenantId()).map(AlertSettingsView::of)
                .defaultIfEmpty(AlertSettingsView.off(properties.defaults()));
    }

    @PutMapping("/api/v1/alerts/settings")
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
    public Mono<ResponseEntity<AlertView>> test(@AuthenticationPrincipal Caller caller) {
        return store.settings(caller.tenantId())
                .switchIfEmpty(Mono.error(new ApiException(HttpStatus.CONFLICT, "alerts_off",
                        "set an alert webhook first (PUT /api/v1/alerts/settings)")))
                .flatMap(settings -> store.enqueueTest(caller.tenantId(), clock.instant()))
                .map(alert -> ResponseEntity.status(HttpStatus.ACCEPTED).body(AlertView.of(alert)));
    }

    @GetMapping("/api/v1/alerts")
    public Mono<Page<AlertView>> list(@AuthenticationPrincipal Caller caller,
                                      @RequestParam(required = false) Integer limit,
                                      @RequestParam(required = false) String cursor) {
        PageRequest page = PageRequest.of(limit, cursor);
        return store.list(caller.tenantId(), page)
                .map(result -> new Page<>(result.items().stream().map(AlertView::of).toList(), result.nextCursor()));
    }

    @GetMapping("/api/v1/alerts/{id}")
    public Mono<AlertView> find(@AuthenticationPrincipal Caller caller, @PathVariable String id) {
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
