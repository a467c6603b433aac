package org.courseplatform.webhooks.event;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/**
 * Reads the platform's four topics in batches (one Kafka poll at a time per topic); each batch
 * is applied in one transaction, and each event takes effect once whatever Kafka redelivers.
 */
@ApplicationScoped
public class IntakeConsumers {

    /** member-events feeds the workspace projection (and, should it carry any, subscribable events). */
    static final String WORKSPACE_PROJECTION = "workspace-projection";

    static final String DELIVERIES = "webhook-deliveries";

    private final EventIntake intake;

    public IntakeConsumers(EventIntake intake) {
        this.intake = intake;
    }

    @Incoming("member-events")
    public Uni<Void> memberEvents(List<String> values) {
        return intake.accept(WORKSPACE_PROJECTION, values);
    }

    @Incoming("course-events")
    public Uni<Void> courseEvents(List<String> values) {
        return intake.accept(DELIVERIES, values);
    }

    @Incoming("scorm-events")
    public Uni<Void> scormEvents(List<String> values) {
        return intake.accept(DELIVERIES, values);
    }

    @Incoming("migration-events")
    public Uni<Void> migrationEvents(List<String> values) {
        return intake.accept(DELIVERIES, values);
    }
}
