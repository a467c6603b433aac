package org.courseplatform.courses.folder;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** {@code courses.folders.*}: the limits that keep a workspace's tree small enough to handle whole. */
@ConfigMapping(prefix = "courses.folders")
public interface FolderConfig {

    /** The deepest a folder may sit: a top-level folder is at depth 1. */
    @WithDefault("8")
    int maxDepth();

    /** The most folders a workspace may have, all tenants together. */
    @WithDefault("1000")
    int maxPerWorkspace();
}
