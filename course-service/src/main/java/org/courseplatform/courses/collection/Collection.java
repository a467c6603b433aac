package org.courseplatform.courses.collection;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.OffsetDateTime;

/** A named, keyed, ordered set of courses of one tenant (a learning path); its courses are rows of course_collection_item. */
@Entity
@Table(name = "course_collection")
public class Collection {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(name = "workspace_id")
    public long workspaceId;

    @Column(name = "client_identifier")
    public String clientIdentifier;

    @Column(name = "collection_key")
    public String key;

    public String title;

    public String description;

    /** The agent that made it (a consumer-MCP member's email); null when an API key did. */
    @Column(name = "created_by")
    public String createdBy;

    @Column(name = "created_at")
    public OffsetDateTime createdAt;

    @Column(name = "updated_at")
    public OffsetDateTime updatedAt;
}
