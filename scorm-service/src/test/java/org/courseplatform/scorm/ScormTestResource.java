package org.courseplatform.scorm;

import java.nio.file.Path;
import java.util.Map;
import org.courseplatform.platform.testing.PlatformTestResource;

/** The platform's real infrastructure (PostgreSQL, Kafka, S3) plus the course-service stub. */
public class ScormTestResource extends PlatformTestResource {

    private CourseServiceStub courses;

    @Override
    public Map<String, String> start() {
        Map<String, String> config = super.start();
        courses = CourseServiceStub.start(Path.of(config.get("platform.auth.public-key-location")));
        config.put("platform.services.course-service.url", courses.url());
        return config;
    }

    @Override
    public void stop() {
        if (courses != null) {
            courses.stop();
        }
        super.stop();
    }
}
