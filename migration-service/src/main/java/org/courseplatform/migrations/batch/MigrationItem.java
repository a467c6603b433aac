package org.courseplatform.migrations.batch;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.util.UUID;
import org.hibernate.annotations.JdbcTypeCode;
import org.hibernate.type.SqlTypes;

/** One course of a batch. */
@Entity
@Table(name = "migration_item")
public class MigrationItem {

    @Id
    @Column(name = "job_id")
    public Long jobId;

    @Column(name = "batch_id")
    public UUID batchId;

    @Column(name = "course_id")
    public long courseId;

    public String title;

    public String status;

    public int total;

    public int changed;

    @JdbcTypeCode(SqlTypes.JSON)
    public String blocked;

    @JdbcTypeCode(SqlTypes.JSON)
    public String screens;

    public String error;

    public String reason;
}
