package org.courseplatform.courses.folder;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.OffsetDateTime;

/** A folder of a workspace's tenant; {@code parentId} null for a top-level folder. */
@Entity
@Table(name = "course_folder")
public class Folder {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(name = "workspace_id")
    public long workspaceId;

    @Column(name = "client_identifier")
    public String clientIdentifier;

    @Column(name = "parent_id")
    public Long parentId;

    public String name;

    /** The agent that made it (a consumer-MCP member's email); null when an API key did. */
    @Column(name = "created_by")
    public String createdBy;

    @Column(name = "created_at")
    public OffsetDateTime createdAt;

    @Column(name = "updated_at")
    public OffsetDateTime updatedAt;
}
