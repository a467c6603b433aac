package org.courseplatform.platform.testing;

import java.nio.file.Files;
import java.nio.file.Path;

/** The repository root, found by walking up from the working directory of the test JVM. */
public final class RepoRoot {

    private RepoRoot() {}

    public static Path find() {
        Path dir = Path.of(System.getProperty("user.dir")).toAbsolutePath();
        for (Path p = dir; p != null; p = p.getParent()) {
            if (Files.exists(p.resolve("deploy/routes.tsv")) && Files.exists(p.resolve("mvnw"))) {
                return p;
            }
        }
        throw new IllegalStateException("cannot find the repository root above " + dir);
    }
}
