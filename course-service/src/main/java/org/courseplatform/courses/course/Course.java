package org.courseplatform.courses.course;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.time.OffsetDateTime;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/** A course of a workspace's tenant; its draft and published versions are JSON documents. */
@Entity
@Table(name = "course")
public class Course {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(name = "workspace_id")
    public long workspaceId;

    @Column(name = "client_identifier")
    public String clientIdentifier;

    public String identifier;

    /**
     * The folder the course sits in, or null. Never written through the entity (a move is one
     * SQL update, see the folder feature): a folder move is not a draft change, so it must not
     * bump {@link #revision}, and a concurrent draft save must not write an old folder back.
     */
    @Column(name = "folder_id", insertable = false, updatable = false)
    public Long folderId;

    public String type;

    public String format;

    public String title;

    public String description;

    @Column(name = "course_key")
    public String key;

    public boolean published;

    @Column(name = "published_at")
    public OffsetDateTime publishedAt;

    public boolean deleted;

    @Column(name = "time_estimate_minutes")
    public Integer timeEstimateMinutes;

    @Column(name = "thumbnail_revision")
    public int thumbnailRevision;

    @Column(name = "screen_count")
    public int screenCount;

    /** The upload a hosted SCORM course was made for: at most one course per upload. */
    @Column(name = "upload_hash")
    public String uploadHash;

    /** Unguessable part of the public thumbnail URL. */
    @Column(name = "thumbnail_token")
    public String thumbnailToken;

    /**
     * Bumped by Hibernate on every change of the row: the optimistic lock behind the internal
     * draft API, and what makes two concurrent writes of one course fail one of them (409).
     */
    @Version
    public long revision;

    @JdbcTypeCode(SqlTypes.JSON)
    public String draft;

    @Column(name = "published_document")
    @JdbcTypeCode(SqlTypes.JSON)
    public String publishedDocument;

    /** The Classic draft while the course is in migration preview; null otherwise. */
    @Column(name = "migration_stash")
    @JdbcTypeCode(SqlTypes.JSON)
    public String migrationStash;

    @Column(name = "created_at")
    public OffsetDateTime createdAt;

    @Column(name = "updated_at")
    public OffsetDateTime updatedAt;
}
