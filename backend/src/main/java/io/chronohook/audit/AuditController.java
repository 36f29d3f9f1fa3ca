package io.chronohook.audit;

import io.chronohook.access.Caller;
import io.chronohook.platform.Page;
import io.chronohook.platform.PageRequest;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** {@code GET /api/v1/audit}: the tenant's audit log, newest first. */
@RestController
public class AuditController {

    private final AuditStore audit;

    public AuditController(AuditStore audit) {
        this.audit = audit;
    }

    @GetMapping("/api/v1/audit")
    public Mono<Page<AuditEvent>> list(@AuthenticationPrincipal Caller caller,
                                       @RequestParam(required = false) Integer limit,
                                       @RequestParam(required = false) String cursor) {
        PageRequest page = PageRequest.of(limit, cursor);
        return audit.list(caller.tenantId(), page);
    }
}
