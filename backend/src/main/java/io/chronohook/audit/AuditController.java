package io.chronohook.audit;

import io.chronohook.access.Caller;
import io.chronohook.platform.ApiTags;
import io.chronohook.platform.Page;
import io.chronohook.platform.PageRequest;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** {@code GET /api/v1/audit}: the tenant's audit log, newest first. */
@RestController
@Tag(name = ApiTags.AUDIT)
public class AuditController {

    private final AuditStore audit;

    public AuditController(AuditStore audit) {
        this.audit = audit;
    }

    @GetMapping("/api/v1/audit")
    @Operation(operationId = "listAuditEvents", summary = "List audit events",
            description = "Every change made to the tenant, by whom and when, newest first, in pages: pass the "
                    + "answer's `nextCursor` as `cursor` for the next page (null on the last one); `limit` is 1–200, "
                    + "default 50. Events are kept 400 days by default (`chronohook.history.audit-retention`). Needs "
                    + "the `admin` scope (an owner's or admin's token, or an API key with `admin`).")
    @ApiResponse(responseCode = "200", description = "A page of the tenant's audit events, newest first.")
    public Mono<Page<AuditEvent>> list(@AuthenticationPrincipal Caller caller,
                                       @Parameter(description = "How many events a page holds: 1–200; default 50.",
                                               example = "50")
                                       @RequestParam(required = false) Integer limit,
                                       @Parameter(description = "The `nextCursor` of the previous page; left out "
                                               + "for the first page.",
                                               example = "MDE5NWE3YzQtM2IyZS03ZjEwLTljNGQtMmU4YjVhMWY2YzNk")
                                       @RequestParam(required = false) String cursor) {
        PageRequest page = PageRequest.of(limit, cursor);
        return audit.list(caller.tenantId(), page);
    }
}
