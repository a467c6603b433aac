package org.courseplatform.migrations.batch;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.OffsetDateTime;
import java.util.UUID;

/** A batch of course migrations; its items are {@link MigrationItem}s. */
@Entity
@Table(name = "migration_batch")
public class MigrationBatch {

    @Id
    public UUID id;

    @Column(name = "workspace_id")
    public long workspaceId;

    public String status;

    @Column(name = "test_mode")
    public boolean testMode;

    /** Made by an agent: its items are migrated only within the agent's tenant ({@code clientIdentifier}, null = default). */
    public boolean restricted;

    @Column(name = "client_identifier")
    public String clientIdentifier;

    @Column(name = "created_at")
    public OffsetDateTime createdAt;

    @Column(name = "completed_at")
    public OffsetDateTime completedAt;
}
