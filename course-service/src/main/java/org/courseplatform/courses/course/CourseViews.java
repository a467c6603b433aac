package org.courseplatform.courses.course;

import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** Turns course rows into API records; knows the public base URL the thumbnail links use. */
@ApplicationScoped
public class CourseViews {

    private final String baseUrl;

    public CourseViews(@ConfigProperty(name = "platform.public-base-url") String baseUrl) {
        this.baseUrl = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
    }

    public CourseView of(Course course) {
        return CourseView.of(course, thumbnailUrl(course));
    }

    public CourseView of(CourseRow c) {
        return new CourseView(
                c.id(),
                c.type(),
                c.format(),
                c.title(),
                c.description(),
                c.key(),
                c.identifier(),
                c.clientIdentifier(),
                c.folderId(),
                c.published(),
                c.publishedAt(),
                c.deleted(),
                c.timeEstimateMinutes(),
                thumbnailUrl(c.thumbnailToken(), c.thumbnailRevision()),
                c.thumbnailRevision(),
                c.screenCount(),
                c.createdAt(),
                c.updatedAt());
    }

    /** Changes with every revision, so caches and {@code <img>} tags pick up a new capture. */
    public String thumbnailUrl(Course course) {
        return thumbnailUrl(course.thumbnailToken, course.thumbnailRevision);
    }

    private String thumbnailUrl(String token, int revision) {
        return baseUrl + "/v1/headless/thumbnails/" + token + "/" + revision + ".jpg";
    }
}
