package org.courseplatform.courses.language;

import io.smallrye.mutiny.Uni;

/**
 * Runs one type of job. A handler marks its job succeeded itself ({@link JobRepository#succeed} or,
 * when the job changes a course, {@link JobRepository#succeedInTransaction} in that change's
 * transaction); a {@link JobFailure} fails it with its code and message.
 */
public interface JobHandler {

    String type();

    Uni<Void> run(JobRepository.Claimed job, JobProgress progress);

    /** Reports progress and renews the job's lease; fails with LeaseLost when another instance took it over. */
    interface JobProgress {
        Uni<Void> report(int done, int total);
    }
}
