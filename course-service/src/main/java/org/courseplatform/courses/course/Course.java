package org.courseplatform.courses.course;

import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.time.OffsetDateTime;
import org.courseplatform.courses.document.CourseDocuments;
import org.courseplatform.platform.web.ApiException;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/**
 * A course of a workspace's tenant; its draft and published versions are JSON documents. Its
 * lifecycle (type, deleted, published) changes and is checked only here, so that every feature
 * refuses a deleted, unpublished or hosted SCORM course the same way, with the same answer.
 */
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

    @Convert(converter = CourseType.Column.class)
    private CourseType type;

    public String format;

    public String title;

    public String description;

    @Column(name = "course_key")
    public String key;

    private boolean published;

    @Column(name = "published_at")
    private OffsetDateTime publishedAt;

    private boolean deleted;

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
    private String publishedDocument;

    /** The Classic draft while the course is in migration preview; null otherwise. */
    @Column(name = "migration_stash")
    @JdbcTypeCode(SqlTypes.JSON)
    public String migrationStash;

    @Column(name = "created_at")
    public OffsetDateTime createdAt;

    @Column(name = "updated_at")
    public OffsetDateTime updatedAt;

    /** For Hibernate. */
    protected Course() {}

    Course(CourseType type) {
        this.type = type;
    }

    public CourseType type() {
        return type;
    }

    /** A course made here, with a document; not a hosted SCORM package. */
    public boolean isNative() {
        return type == CourseType.COURSE;
    }

    public boolean isDeleted() {
        return deleted;
    }

    public boolean isPublished() {
        return published;
    }

    public OffsetDateTime publishedAt() {
        return publishedAt;
    }

    /** The published version, or null while the course has never been published. */
    public String publishedDocument() {
        return publishedDocument;
    }

    /** 409 for a deleted course: it is restored before anything else is done with it. */
    public void requireLive() {
        requireLive(id, deleted);
    }

    /** 422 for a hosted SCORM package, which has no document: it is played as uploaded. */
    public void requireNative() {
        requireNative(id, type);
    }

    /** What every change of the content needs: a live, native course. */
    public void requireEditable() {
        requireLive();
        requireNative();
    }

    /**
     * What a screen edit needs: a live Builder 2 draft. Anything else is 409 saying why (the
     * screen routes answer a SCORM course 409 too, API.md).
     */
    public void requireBuilder2Draft() {
        if (!isNative() || draft == null) {
            throw ApiException.conflict(
                    "Course " + id + " is a hosted SCORM package: it is played unmodified and has no screens to edit");
        }
        requireLive();
        requireBuilder2(id, format);
    }

    /*
     * The same rules for a caller that read a few of the course's columns instead of the entity
     * (translation and narration read them through the pool, without the draft): one answer per
     * rule wherever it is applied.
     */

    /** {@link #requireLive()} on a course's columns. */
    public static void requireLive(Long id, boolean deleted) {
        if (deleted) {
            throw ApiException.conflict("Course " + id + " is deleted; restore it first");
        }
    }

    /** {@link #requireNative()} on a course's columns. */
    public static void requireNative(Long id, CourseType type) {
        if (type != CourseType.COURSE) {
            throw ApiException.unprocessable("Course " + id + " is a hosted SCORM package: it is played as uploaded,"
                    + " so it is not edited, published, translated, copied, shared or exported here"
                    + " (embed it with POST /v1/headless/embed/scorm)");
        }
    }

    /** 409 for a Classic course where only Builder 2 will do; it is migrated first. */
    public static void requireBuilder2(Long id, String format) {
        if (!CourseDocuments.BUILDER2.equals(format)) {
            throw ApiException.conflict("Course " + id
                    + " is a Classic course; migrate the course to Builder 2 first (POST /v1/headless/course/" + id
                    + "/migrate)");
        }
    }

    /**
     * The published version, which is what learners, share links and packages get; 409 while
     * the course has never been published.
     */
    public String requirePublished() {
        if (!published || publishedDocument == null) {
            throw ApiException.conflict("Course " + id + " has no published version: it has never been published"
                    + " (learners, share links and packages get the published version)");
        }
        return publishedDocument;
    }

    /** Copies the draft to the published version; {@link #requireEditable()} first. */
    void publish(OffsetDateTime now) {
        requireEditable();
        publishedDocument = draft;
        published = true;
        publishedAt = updatedAt = now;
    }

    /** Soft-deletes the course; false when it already was. */
    boolean delete(OffsetDateTime now) {
        if (deleted) {
            return false;
        }
        deleted = true;
        updatedAt = now;
        return true;
    }

    /** Undoes {@link #delete}; false when the course was not deleted. */
    boolean restore(OffsetDateTime now) {
        if (!deleted) {
            return false;
        }
        deleted = false;
        updatedAt = now;
        return true;
    }
}
