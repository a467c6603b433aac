package org.courseplatform.courses.generation;

import java.util.Optional;
import org.courseplatform.courses.language.WritingVoice;

/**
 * Writes a course's copy for a brief and its plan. Blocking: called on a worker thread. The
 * structure (the {@link CourseStructure}) and the document (ids, HTML, layout: {@link DocumentAssembler})
 * are ours; a generator only fills them.
 */
public interface CourseGenerator {

    /** {@code openai-compatible} or {@code built-in}: shown in the job's result. */
    String name();

    /**
     * The copy of a course for {@code brief}, one screen per entry of {@code plan.content()} of that
     * kind, and {@code plan.questions()} questions or fewer.
     *
     * @throws org.courseplatform.courses.language.JobFailure when no usable course could be had
     */
    GeneratedCourse generate(Brief brief, CourseStructure plan, Optional<WritingVoice> voice);
}
