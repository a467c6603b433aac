package org.courseplatform.courses.course;

import io.quarkus.runtime.configuration.MemorySize;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** {@code courses.*} settings. */
@ConfigMapping(prefix = "courses")
public interface CourseConfig {

    /** The largest course document accepted (serialised JSON); larger ones answer 413. */
    @WithDefault("5M")
    MemorySize documentMaxSize();
}
