package org.courseplatform.courses.course;

import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.courseplatform.platform.web.Paged;

/** Reads and changes courses. */
@ApplicationScoped
public class CourseService {

    private final CourseRepository courses;

    public CourseService(CourseRepository courses) {
        this.courses = courses;
    }

    @WithSession
    public Uni<Paged<CourseView>> list(long workspaceId, CourseQuery query) {
        return courses.page(workspaceId, query).map(page -> page.map(CourseView::of));
    }
}
