package org.courseplatform.courses.course;

import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;

/** Courses as entities, for every write and every read that goes on to change a course; lists and the API's course reads are {@link CourseRowRepository}'s. */
@ApplicationScoped
public class CourseRepository implements PanacheRepositoryBase<Course, Long> {}
