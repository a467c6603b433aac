package org.courseplatform.courses.brandvoice;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.OffsetDateTime;
import java.util.List;

/** The brand voices' SQL: one row per workspace and one per tenant that overrides it. */
@ApplicationScoped
public class BrandVoiceRepository {

    private static final String FIND = """
            select client_identifier, name, tone, audience, do_list::text, dont_list::text, vocabulary::text,
                to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
            from brand_voice where workspace_id = ?1
                and (client_identifier is null or client_identifier = cast(?2 as text))""";

    /** Of two PUTs at once, the second updates the row the first made. */
    private static final String SAVE = """
            insert into brand_voice (workspace_id, client_identifier, name, tone, audience, do_list, dont_list, vocabulary,
                updated_at)
            values (?1, cast(?2 as text), ?3, ?4, ?5, cast(cast(?6 as text) as jsonb), cast(cast(?7 as text) as jsonb),
                cast(cast(?8 as text) as jsonb), ?9)
            on conflict (workspace_id, coalesce(client_identifier, '')) do update set name = excluded.name,
                tone = excluded.tone, audience = excluded.audience, do_list = excluded.do_list,
                dont_list = excluded.dont_list, vocabulary = excluded.vocabulary, updated_at = excluded.updated_at""";

    private static final String DELETE = """
            delete from brand_voice where workspace_id = ?1 and coalesce(client_identifier, '') = coalesce(cast(?2 as text), '')""";

    /** The workspace's voice and the tenant's override, those that exist. */
    Uni<List<BrandVoice>> of(long workspaceId, String clientIdentifier) {
        return Panache.getSession()
                .chain(s -> s.createNativeQuery(FIND, Object[].class)
                        .setParameter(1, workspaceId)
                        .setParameter(2, clientIdentifier)
                        .getResultList())
                .map(rows -> rows.stream()
                        .map(r -> new BrandVoice(
                                (String) r[0],
                                (String) r[1],
                                (String) r[2],
                                (String) r[3],
                                (String) r[4],
                                (String) r[5],
                                (String) r[6],
                                OffsetDateTime.parse((String) r[7])))
                        .toList());
    }

    Uni<Void> save(
            long workspaceId,
            String clientIdentifier,
            String name,
            String tone,
            String audience,
            String dos,
            String donts,
            String vocabulary,
            OffsetDateTime updatedAt) {
        return Panache.getSession()
                .chain(s -> s.createNativeQuery(SAVE)
                        .setParameter(1, workspaceId)
                        .setParameter(2, clientIdentifier)
                        .setParameter(3, name)
                        .setParameter(4, tone)
                        .setParameter(5, audience)
                        .setParameter(6, dos)
                        .setParameter(7, donts)
                        .setParameter(8, vocabulary)
                        .setParameter(9, updatedAt)
                        .executeUpdate())
                .replaceWithVoid();
    }

    Uni<Void> remove(long workspaceId, String clientIdentifier) {
        return Panache.getSession()
                .chain(s -> s.createNativeQuery(DELETE)
                        .setParameter(1, workspaceId)
                        .setParameter(2, clientIdentifier)
                        .executeUpdate())
                .replaceWithVoid();
    }
}
