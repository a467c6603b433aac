package org.courseplatform.webhooks.endpoint;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.List;

/** A subscriber's HTTPS endpoint and the events it wants. */
@Entity
@Table(name = "webhook_endpoint")
public class WebhookEndpoint {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(name = "workspace_id")
    public long workspaceId;

    public String url;

    /** Comma-separated event names. */
    public String events;

    public boolean enabled;

    public String description;

    @Column(name = "secret_encrypted")
    public byte[] secretEncrypted;

    @Column(name = "created_at")
    public OffsetDateTime createdAt;

    @Column(name = "updated_at")
    public OffsetDateTime updatedAt;

    public List<String> eventList() {
        return events == null || events.isEmpty() ? List.of() : Arrays.asList(events.split(","));
    }
}
