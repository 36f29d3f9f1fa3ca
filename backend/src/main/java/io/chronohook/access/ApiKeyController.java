package io.chronohook.access;

import io.chronohook.platform.ApiException;
import io.chronohook.platform.ApiTags;
import io.chronohook.platform.Page;
import io.chronohook.platform.PageRequest;
import io.chronohook.platform.Validation;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.ArraySchema;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** {@code /api/v1/api-keys}: list, create (the key is shown once), revoke. */
@RestController
@Tag(name = ApiTags.API_KEYS)
public class ApiKeyController {

    private final ApiKeyStore keys;
    private final ApiKeyService service;

    public ApiKeyController(ApiKeyStore keys, ApiKeyService service) {
        this.keys = keys;
        this.service = service;
    }

    /** A key as listed. */
    @Schema(description = "An API key as listed; the key itself is never shown again, only its prefix.")
    public record ApiKeyView(
            @Schema(description = "The key's id (`key_…`), not the key itself.",
                    example = "key_0195a7c43b307c41a2d9e6f1b0c8d4e7", requiredMode = Schema.RequiredMode.REQUIRED)
            String id,
            @Schema(description = "The key's name.", example = "ci-deploy",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            String name,
            @Schema(description = "The key's first 12 characters (`chk_` and 8 more), to tell keys apart.",
                    example = "chk_1NS2FK5G", requiredMode = Schema.RequiredMode.REQUIRED)
            String prefix,
            @Schema(description = "What the key may do, sorted.",
                    example = "[\"jobs:read\", \"jobs:write\"]", requiredMode = Schema.RequiredMode.REQUIRED)
            @ArraySchema(schema = @Schema(allowableValues = {"admin", "jobs:read", "jobs:write"}))
            List<String> scopes,
            @Schema(description = "When the key was created.", example = "2026-03-01T09:00:00Z",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            Instant createdAt,
            @Schema(description = "When the key last authenticated a request (noted at most once a minute); null "
                    + "if it never has.",
                    example = "2026-03-02T14:31:00Z")
            Instant lastUsedAt) {

        static ApiKeyView of(ApiKey key) {
            return new ApiKeyView(key.id().toString(), key.name(), key.prefix(),
                    key.scopes().stream().map(Scope::wire).sorted().toList(), key.createdAt(), key.lastUsedAt());
        }
    }

    /** A key just created, with the key itself. */
    @Schema(description = "An API key just created, with the key itself (`apiKey`), shown only in this answer.")
    public record CreatedApiKeyView(
            @Schema(description = "The key's id (`key_…`), not the key itself.",
                    example = "key_0195a7c43b307c41a2d9e6f1b0c8d4e7", requiredMode = Schema.RequiredMode.REQUIRED)
            String id,
            @Schema(description = "The key's name.", example = "ci-deploy",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            String name,
            @Schema(description = "The key's first 12 characters (`chk_` and 8 more), as lists show it.",
                    example = "chk_1NS2FK5G", requiredMode = Schema.RequiredMode.REQUIRED)
            String prefix,
            @Schema(description = "What the key may do, sorted.",
                    example = "[\"jobs:read\", \"jobs:write\"]", requiredMode = Schema.RequiredMode.REQUIRED)
            @ArraySchema(schema = @Schema(allowableValues = {"admin", "jobs:read", "jobs:write"}))
            List<String> scopes,
            @Schema(description = "When the key was created.", example = "2026-03-01T09:00:00Z",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            Instant createdAt,
            @Schema(description = "When the key last authenticated a request: null, as a new key never has.",
                    example = "2026-03-02T14:31:00Z")
            Instant lastUsedAt,
            @Schema(description = "The key itself (`chk_` and 43 base64url characters), to send as "
                    + "`Authorization: Bearer …`; shown only here, as only its hash is kept.",
                    example = "chk_1NS2FK5GUKITTNW4X5mmOZqEYaxisKnWLXr9QP7DGDw",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            String apiKey) {
    }

    /** What a new key is called and may do. */
    @Schema(description = "What a new API key is called and may do.")
    public record CreateApiKeyRequest(
            @Schema(description = "A name to tell the key by, 1–100 characters (trimmed).", example = "ci-deploy",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            String name,
            @Schema(description = "What the key may do: at least one scope. `jobs:read` reads jobs, runs, "
                    + "endpoints, alerts, usage and the team; `jobs:write` changes jobs, runs and limits; `admin` "
                    + "manages the account (keys, members, signing secret, alert settings, audit). A key keeps the "
                    + "scopes it was made with.",
                    example = "[\"jobs:read\", \"jobs:write\"]", requiredMode = Schema.RequiredMode.REQUIRED)
            @ArraySchema(schema = @Schema(allowableValues = {"jobs:read", "jobs:write", "admin"}))
            List<String> scopes) {
    }

    @GetMapping("/api/v1/api-keys")
    @Operation(operationId = "listApiKeys", summary = "List API keys",
            description = "The tenant's API keys that are not revoked, newest first, in pages: pass the answer's "
                    + "`nextCursor` as `cursor` for the next page (null on the last one); `limit` is 1–200, default "
                    + "50. The keys themselves are never shown again, only their `prefix`. Needs the `admin` scope "
                    + "(an owner's or admin's token, or an API key with `admin`).")
    @ApiResponse(responseCode = "200", description = "A page of the tenant's API keys, newest first.")
    public Mono<Page<ApiKeyView>> list(@AuthenticationPrincipal Caller caller,
                                       @Parameter(description = "How many keys a page holds: 1–200; default 50.",
                                               example = "50")
                                       @RequestParam(required = false) Integer limit,
                                       @Parameter(description = "The `nextCursor` of the previous page; left out "
                                               + "for the first page.",
                                               example = "MDE5NWE3YzQtM2IyZS03ZjEwLTljNGQtMmU4YjVhMWY2YzNk")
                                       @RequestParam(required = false) String cursor) {
        PageRequest page = PageRequest.of(limit, cursor);
        return keys.list(caller.tenantId(), page)
                .map(result -> new Page<>(result.items().stream().map(ApiKeyView::of).toList(), result.nextCursor()));
    }

    @PostMapping("/api/v1/api-keys")
    @Operation(operationId = "createApiKey", summary = "Create an API key",
            description = "Makes a key with a name and scopes. The answer's `apiKey` is the key itself, shown only "
                    + "in this answer (only its hash is kept). Audited as `api_key.created`. Needs the `admin` scope "
                    + "(an owner's or admin's token, or an API key with `admin`).")
    @ApiResponse(responseCode = "201", description = "The key, created, with the key itself in `apiKey`.")
    public Mono<ResponseEntity<CreatedApiKeyView>> create(@AuthenticationPrincipal Caller caller,
                                                          @RequestBody CreateApiKeyRequest request) {
        Validation validation = new Validation();
        String name = validation.text(request.name(), "name", 1, 100);
        Set<Scope> scopes = scopes(request.scopes(), validation);
        validation.check();
        return service.create(caller, name, scopes).map(created -> {
            ApiKey key = created.key();
            ApiKeyView view = ApiKeyView.of(key);
            return ResponseEntity.status(HttpStatus.CREATED).body(new CreatedApiKeyView(view.id(), view.name(),
                    view.prefix(), view.scopes(), view.createdAt(), view.lastUsedAt(), created.plaintext()));
        });
    }

    @DeleteMapping("/api/v1/api-keys/{id}")
    @Operation(operationId = "revokeApiKey", summary = "Revoke an API key",
            description = "The key is refused from the next request on; it leaves the list, and the audit log "
                    + "keeps naming it. A key already revoked is a 404. Audited as `api_key.revoked`. Needs the "
                    + "`admin` scope (an owner's or admin's token, or an API key with `admin`).")
    @ApiResponse(responseCode = "204", description = "The key is revoked.")
    public Mono<ResponseEntity<Void>> revoke(@AuthenticationPrincipal Caller caller,
                                             @Parameter(description = "The key's id (`key_…`).",
                                                     example = "key_0195a7c43b307c41a2d9e6f1b0c8d4e7")
                                             @PathVariable String id) {
        ApiKeyId keyId = ApiKeyId.parse(id).orElseThrow(() -> ApiException.notFound("API key " + id));
        return service.revoke(caller, keyId).thenReturn(ResponseEntity.noContent().build());
    }

    private static Set<Scope> scopes(List<String> names, Validation validation) {
        if (names == null || names.isEmpty()) {
            validation.require(false, "scopes", "must list at least one of jobs:read, jobs:write, admin");
            return Set.of();
        }
        Set<Scope> scopes = EnumSet.noneOf(Scope.class);
        for (int i = 0; i < names.size(); i++) {
            String name = names.get(i);
            Scope.fromWire(name).ifPresent(scopes::add);
            validation.require(Scope.fromWire(name).isPresent(), "scopes[" + i + "]",
                    "'" + name + "' is not a scope; use jobs:read, jobs:write or admin");
        }
        return scopes;
    }
}
