package org.courseplatform.courses.screen;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.OffsetDateTime;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/** A standalone screen of the library, owned by an end user of a tenant. */
@Entity
@Table(name = "library_screen")
public class LibraryScreen {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
    public Long id;

    @Column(name = "workspace_id")
    public long workspaceId;

    @Column(name = "client_identifier")
    public String clientIdentifier;

    public String identifier;

    @Column(name = "layout_id")
    public String layoutId;

    public String type;

    @Column(name = "type_id")
    public int typeId;

    public String title;

    /** Screens made together from one quiz layout share this key. */
    @Column(name = "group_key")
    public String groupKey;

    @Column(name = "group_role")
    public String groupRole;

    @JdbcTypeCode(SqlTypes.JSON)
    public String document;

    @Column(name = "created_at")
    public OffsetDateTime createdAt;

    /**
     * Grows by one with each saved change of the document (the screen editor's If-Match compares
     * it). Not a JPA version: it is bumped under a row lock by the save, not by every flush.
     */
    public long revision = 1;

    @Column(name = "updated_at")
    public OffsetDateTime updatedAt;
}
