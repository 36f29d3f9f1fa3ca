package io.chronohook.access;

import io.chronohook.platform.ApiException;
import io.chronohook.platform.Page;
import io.chronohook.platform.PageRequest;
import io.chronohook.platform.Validation;
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
public class ApiKeyController {

    private final ApiKeyStore keys;
    private final ApiKeyService service;

    public ApiKeyController(ApiKeyStore keys, ApiKeyService service) {
        this.keys = keys;
        this.service = service;
    }

    /** A key as listed. */
    public record ApiKeyView(String id, String name, String prefix, List<String> scopes, Instant createdAt,
                             Instant lastUsedAt) {

        static ApiKeyView of(ApiKey key) {
            return new ApiKeyView(key.id().toString(), key.name(), key.prefix(),
                    key.scopes().stream().map(Scope::wire).sorted().toList(), key.createdAt(), key.lastUsedAt());
        }
    }

    /** A key just created, with the key itself. */
    public record CreatedApiKeyView(String id, String name, String prefix, List<String> scopes, Instant createdAt,
                                    Instant lastUsedAt, String apiKey) {
    }

    /** What a new key is called and may do. */
    public record CreateApiKeyRequest(String name, List<String> scopes) {
    }

    @GetMapping("/api/v1/api-keys")
    public Mono<Page<ApiKeyView>> list(@AuthenticationPrincipal Caller caller,
                                       @RequestParam(required = false) Integer limit,
                                       @RequestParam(required = false) String cursor) {
        PageRequest page = PageRequest.of(limit, cursor);
        return keys.list(caller.tenantId(), page)
                .map(result -> new Page<>(result.items().stream().map(ApiKeyView::of).toList(), result.nextCursor()));
    }

    @PostMapping("/api/v1/api-keys")
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
    public Mono<ResponseEntity<Void>> revoke(@AuthenticationPrincipal Caller caller, @PathVariable String id) {
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
