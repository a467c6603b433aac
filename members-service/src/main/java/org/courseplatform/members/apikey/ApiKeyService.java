package org.courseplatform.members.apikey;

import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.quarkus.logging.Log;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.security.MessageDigest;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import org.courseplatform.members.workspace.Workspace;
import org.courseplatform.members.workspace.WorkspaceService;
import org.courseplatform.platform.auth.ApiKeyVerification;
import org.courseplatform.platform.auth.ApiKeys;
import org.courseplatform.platform.auth.Scopes;
import org.courseplatform.platform.events.Events;
import org.courseplatform.platform.events.Outbox;
import org.courseplatform.platform.web.ApiError;
import org.courseplatform.platform.web.ApiException;

/** Issues, lists, revokes and verifies API keys. */
@ApplicationScoped
public class ApiKeyService {

    private final ApiKeyRepository keys;
    private final WorkspaceService workspaces;
    private final Outbox outbox;
    private final ApiKeys cache;
    private final ApiKeyHashes hashes;

    public ApiKeyService(
            ApiKeyRepository keys, WorkspaceService workspaces, Outbox outbox, ApiKeys cache, ApiKeyHashes hashes) {
        this.keys = keys;
        this.workspaces = workspaces;
        this.outbox = outbox;
        this.cache = cache;
        this.hashes = hashes;
    }

    @WithTransaction
    public Uni<ApiKeyViews.Issued> issue(long workspaceId, ApiKeyViews.IssueRequest request) {
        validate(request);
        List<String> scopes = Scopes.parse(request.scopes());
        return workspaces
                .require(workspaceId)
                .chain(workspace -> {
                    String secret = ApiKeySecrets.generate(request.mode());
                    ApiKey key = new ApiKey();
                    key.workspaceId = workspaceId;
                    key.mode = request.mode();
                    key.name = request.name() == null || request.name().isBlank()
                            ? request.mode() + " key"
                            : request.name().strip();
                    key.keyPrefix = ApiKeySecrets.prefix(secret);
                    key.keyHash = hashes.of(secret);
                    key.scopes = Scopes.format(scopes);
                    key.createdAt = OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MICROS);
                    return keys.persist(key)
                            .call(saved -> outbox.add(
                                    Events.APIKEY_CREATED,
                                    Long.toString(saved.id),
                                    workspaceId,
                                    "test".equals(saved.mode),
                                    ApiKeyViews.event(saved)))
                            .map(saved -> new ApiKeyViews.Issued(
                                    saved.id,
                                    secret,
                                    saved.mode,
                                    saved.name,
                                    workspaceId,
                                    saved.createdAt,
                                    scopes == null ? Scopes.CATALOGUE : scopes,
                                    scopes == null));
                })
                .invoke(issued ->
                        Log.infof("Issued %s API key %d for workspace %d", issued.mode(), issued.id(), workspaceId));
    }

    @WithSession
    public Uni<List<ApiKeyViews.Listed>> list(long workspaceId) {
        return workspaces
                .require(workspaceId)
                .chain(() -> keys.ofWorkspace(workspaceId))
                .map(all -> all.stream().map(ApiKeyViews.Listed::of).toList());
    }

    /** Revokes a key; with {@link #forgetVerifications()} after commit it stops working here at once, elsewhere within 30 s. */
    @WithTransaction
    public Uni<Void> revoke(long workspaceId, long keyId) {
        return keys.findById(keyId)
                .onItem()
                .ifNull()
                .failWith(() -> ApiException.notFound("API key " + keyId + " not found"))
                .chain(key -> {
                    if (key.workspaceId != workspaceId) {
                        return Uni.createFrom().failure(ApiException.notFound("API key " + keyId + " not found"));
                    }
                    if (key.revokedAt != null) {
                        return Uni.createFrom().voidItem();
                    }
                    key.revokedAt = OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MICROS);
                    return outbox.add(
                                    Events.APIKEY_REVOKED,
                                    Long.toString(keyId),
                                    workspaceId,
                                    "test".equals(key.mode),
                                    ApiKeyViews.event(key))
                            .replaceWithVoid();
                })
                .invoke(() -> Log.infof("Revoked API key %d of workspace %d", keyId, workspaceId));
    }

    /**
     * Forgets every remembered verification. Called after the revocation committed: cleared any
     * earlier, a concurrent check could remember the key as good for another 30 s.
     */
    public Uni<Void> forgetVerifications() {
        return cache.forgetAll();
    }

    /**
     * The verification other services ask for; unknown, revoked and mismatched keys all answer
     * invalid. The stored rows are found by the key's non-secret prefix first, and only a live
     * key of this workspace with that prefix is hashed and compared (in constant time): a key
     * nobody issued is refused on the lookup alone, without hashing.
     */
    @WithSession
    public Uni<ApiKeyVerification> verify(long workspaceId, String secret) {
        if (!ApiKeySecrets.plausible(secret)) {
            return Uni.createFrom().item(ApiKeyVerification.invalid());
        }
        return keys.byPrefix(ApiKeySecrets.prefix(secret)).chain(found -> {
            List<ApiKey> candidates = found.stream()
                    .filter(k -> k.revokedAt == null && k.workspaceId == workspaceId)
                    .toList();
            if (candidates.isEmpty()) {
                Log.debugf("API key refused on its prefix for workspace %d", workspaceId);
                return Uni.createFrom().item(ApiKeyVerification.invalid());
            }
            byte[] hash = hashes.of(secret);
            ApiKey match = null;
            for (ApiKey candidate : candidates) {
                if (MessageDigest.isEqual(candidate.keyHash, hash)) {
                    match = candidate;
                }
            }
            if (match == null) {
                return Uni.createFrom().item(ApiKeyVerification.invalid());
            }
            ApiKey key = match;
            return workspaces.require(workspaceId).map(w -> valid(key, w));
        });
    }

    /**
     * What a key stands for now, by id: agent-gateway asks this on behalf of the tokens minted
     * from the key, so a revoked key or a changed plan reaches them too. Unknown, revoked or
     * another workspace's key: invalid.
     */
    @WithSession
    public Uni<ApiKeyVerification> status(long workspaceId, long keyId) {
        return keys.findById(keyId).chain(key -> {
            if (key == null || key.revokedAt != null || key.workspaceId != workspaceId) {
                return Uni.createFrom().item(ApiKeyVerification.invalid());
            }
            return workspaces.require(workspaceId).map(w -> valid(key, w));
        });
    }

    /** A good key's answer: what its workspace may use now, and the key's scopes. */
    private static ApiKeyVerification valid(ApiKey key, Workspace w) {
        return new ApiKeyVerification(
                true,
                key.workspaceId,
                key.id,
                key.mode,
                w.plan,
                w.addonList(),
                w.featureList(),
                Scopes.read(key.scopes));
    }

    private static void validate(ApiKeyViews.IssueRequest request) {
        List<ApiError.Detail> problems = new ArrayList<>();
        if (request == null) {
            throw ApiException.badRequest("The body must be a JSON object with mode and name");
        }
        if (!"live".equals(request.mode()) && !"test".equals(request.mode())) {
            problems.add(new ApiError.Detail("mode", "must be live or test"));
        }
        if (request.name() != null && request.name().length() > 200) {
            problems.add(new ApiError.Detail("name", "must be at most 200 characters"));
        }
        if (!problems.isEmpty()) {
            throw ApiException.invalid(problems);
        }
    }
}
