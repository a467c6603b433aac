package org.courseplatform.migrations.batch;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.util.UUID;
import org.hibernate.annotations.ColumnTransformer;

/**
 * One course of a batch. The workers' columns ({@code request_id}, {@code attempts},
 * {@code locked_until}) are not mapped: only {@link BatchWorker}'s SQL reads and writes them.
 */
@Entity
@Table(name = "migration_item")
public class MigrationItem {

    @Id
    @GeneratedValue(strategy = GenerationType.IDENTITY)
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

    /** JSON array text. Read and written as text: Hibernate Reactive maps JSON columns to objects only, not arrays. */
    @ColumnTransformer(read = "cast(blocked as text)", write = "cast(cast(? as text) as jsonb)")
    public String blocked;

    /** JSON array text, like {@link #blocked}. */
    @ColumnTransformer(read = "cast(screens as text)", write = "cast(cast(? as text) as jsonb)")
    public String screens;

    public String error;

    public String reason;
}
