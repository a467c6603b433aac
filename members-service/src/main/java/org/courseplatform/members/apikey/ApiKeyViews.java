package org.courseplatform.members.apikey;

import java.time.OffsetDateTime;
import java.util.List;
import org.courseplatform.platform.auth.Scopes;
import org.courseplatform.platform.events.EventData;

/** Answers of the API-key admin endpoints. */
final class ApiKeyViews {

    private ApiKeyViews() {}

    /** The answer to issuing a key: the only time {@code key} is ever shown. */
    record Issued(
            long id,
            String key,
            String mode,
            String name,
            long workspaceId,
            OffsetDateTime created,
            List<String> scopes,
            boolean fullAccess) {}

    /**
     * A key as listed: its prefix identifies it, the secret is never returned. {@code scopes} is
     * what the key may do (every scope for a key with full access, which {@code fullAccess} marks:
     * such a key also reaches endpoints outside the scope families).
     */
    record Listed(
            long id,
            String mode,
            String name,
            String prefix,
            OffsetDateTime created,
            OffsetDateTime revoked,
            List<String> scopes,
            boolean fullAccess) {

        static Listed of(ApiKey k) {
            List<String> scopes = Scopes.read(k.scopes);
            return new Listed(
                    k.id,
                    k.mode,
                    k.name,
                    k.keyPrefix,
                    k.createdAt,
                    k.revokedAt,
                    scopes == null ? Scopes.CATALOGUE : scopes,
                    scopes == null);
        }
    }

    /** What {@code apikey.*} events carry: never the secret. */
    static EventData.ApiKeyChange event(ApiKey k) {
        return new EventData.ApiKeyChange(new EventData.ApiKey(k.id, k.workspaceId, k.mode, k.name));
    }

    /** {@code scopes} left out: a key with full access, as every key issued before scopes existed. */
    record IssueRequest(String mode, String name, List<String> scopes) {}
}
