package org.courseplatform.courses.player;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.courseplatform.courses.course.CourseScope;
import org.courseplatform.courses.course.Courses;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.Paged;

/** Lists the tracking records of a course the caller sees (another workspace's or tenant's: 404). */
@ApplicationScoped
public class TrackingService {

    private final Courses courses;
    private final PlayerRepository repository;
    private final ObjectMapper mapper;

    public TrackingService(Courses courses, PlayerRepository repository, ObjectMapper mapper) {
        this.courses = courses;
        this.repository = repository;
        this.mapper = mapper;
    }

    @WithSession
    public Uni<Paged<PlayerViews.Tracking>> list(
            CourseScope scope, long courseId, String identifier, int page, int length) {
        Paged.start(page, length);
        return courses.find(scope, courseId)
                .chain(course -> repository.page(courseId, identifier, page, length))
                .map(p -> p.map(r -> new PlayerViews.Tracking(
                        PlayerRepository.num(r[0]),
                        PlayerRepository.num(r[1]),
                        (String) r[2],
                        (String) r[3],
                        collection((String) r[4]),
                        (String) r[5],
                        (String) r[6],
                        PlayerRepository.num(r[7]),
                        (int) PlayerRepository.num(r[8]),
                        (int) PlayerRepository.num(r[9]),
                        (Boolean) r[10],
                        (String) r[11],
                        (String) r[12],
                        (String) r[13])));
    }

    public static String identifier(String value) {
        if (value == null || value.isEmpty()) {
            return null;
        }
        if (value.length() > 255) {
            throw ApiException.invalid("identifier", "must be at most 255 characters");
        }
        return value;
    }

    private JsonNode collection(String json) {
        try {
            return json == null ? null : mapper.readTree(json);
        } catch (JsonProcessingException e) {
            return null;
        }
    }
}
