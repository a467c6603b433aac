package org.courseplatform.webhooks.endpoint;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

/** Endpoints, and what enabling or disabling one does to its pending deliveries (in the same transaction). */
@ApplicationScoped
public class EndpointRepository implements PanacheRepositoryBase<WebhookEndpoint, Long> {

    /** Pending deliveries of a disabled endpoint wait (held) until it is enabled again. */
    private static final String HOLD = """
            update delivery set next_attempt_at = null
            where endpoint_id = ?1 and status = 'pending' and (claim_id is null or next_attempt_at <= now())""";

    private static final String RESUME = """
            update delivery set next_attempt_at = now(), claim_id = null
            where endpoint_id = ?1 and status = 'pending' and next_attempt_at is null""";

    /** Holds the endpoint's pending deliveries (no due time) while it is disabled; how many were held. */
    Uni<Integer> holdDeliveries(long endpointId) {
        return Panache.getSession()
                .chain(s ->
                        s.createNativeQuery(HOLD).setParameter(1, endpointId).executeUpdate());
    }

    /** Makes the endpoint's held deliveries due now; how many were resumed. */
    Uni<Integer> resumeDeliveries(long endpointId) {
        return Panache.getSession()
                .chain(s ->
                        s.createNativeQuery(RESUME).setParameter(1, endpointId).executeUpdate());
    }
}
