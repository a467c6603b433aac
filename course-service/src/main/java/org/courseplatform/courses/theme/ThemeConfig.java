package org.courseplatform.courses.theme;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** {@code courses.themes.*}: limits of workspace themes. */
@ConfigMapping(prefix = "courses.themes")
public interface ThemeConfig {

    /** Workspace themes a workspace may have, all tenants together; creating one more is 409. */
    @WithDefault("200")
    int maxPerWorkspace();
}
