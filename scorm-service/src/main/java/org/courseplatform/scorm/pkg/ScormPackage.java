package org.courseplatform.scorm.pkg;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.OffsetDateTime;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/** A hosted SCORM package and where its processing stands. */
@Entity
@Table(name = "scorm_package")
public class ScormPackage {

    @Id
    @Column(name = "course_id")
    public Long courseId;

    @Column(name = "workspace_id")
    public long workspaceId;

    @Column(name = "client_identifier")
    public String clientIdentifier;

    public String name;

    public String status;

    public String title;

    public String version;

    @JdbcTypeCode(SqlTypes.JSON)
    public String launch;

    public String error;

    @Column(name = "error_code")
    public String errorCode;

    @Column(name = "size_bytes")
    public long sizeBytes;

    @Column(name = "object_key")
    public String objectKey;

    @Column(name = "created_at")
    public OffsetDateTime createdAt;

    @Column(name = "updated_at")
    public OffsetDateTime updatedAt;
}
