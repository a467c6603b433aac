package org.courseplatform.members.apikey;

import java.time.OffsetDateTime;
import org.courseplatform.platform.events.EventData;

/** Answers of the API-key admin endpoints. */
final class ApiKeyViews {

    private ApiKeyViews() {}

    /** The answer to issuing a key: the only time {@code key} is ever shown. */
    record Issued(long id, String key, String mode, String name, long workspaceId, OffsetDateTime created) {}

    /** A key as listed: its prefix identifies it, the secret is never returned. */
    record Listed(long id, String mode, String name, String prefix, OffsetDateTime created, OffsetDateTime revoked) {

        static Listed of(ApiKey k) {
            return new Listed(k.id, k.mode, k.name, k.keyPrefix, k.createdAt, k.revokedAt);
        }
    }

    /** What {@code apikey.*} events carry: never the secret. */
    static EventData.ApiKeyChange event(ApiKey k) {
        return new EventData.ApiKeyChange(new EventData.ApiKey(k.id, k.workspaceId, k.mode, k.name));
    }

    record IssueRequest(String mode, String name) {}
}
