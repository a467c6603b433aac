package org.courseplatform.courses.collection;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** {@code courses.collections.*} settings. */
@ConfigMapping(prefix = "courses.collections")
public interface CollectionConfig {

    /** The most courses a collection may hold. */
    @WithDefault("500")
    int maxCourses();
}
