package org.courseplatform.courses.export;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.quarkus.logging.Log;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.courseplatform.courses.course.Course;
import org.courseplatform.courses.course.CourseScope;
import org.courseplatform.courses.course.Courses;
import org.courseplatform.courses.player.PlayerViews;
import org.courseplatform.courses.player.SessionExchange;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.Workers;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * SCORM packages of a course (docs/scorm-export.md). Every rule is checked before the first byte
 * goes out, so a refusal is an ordinary error answer: the course visible to the call (404), a
 * course of the platform and not a hosted package (422: never re-exportable), not deleted and
 * published (409). A static package carries the published version, converted and themed as
 * the player shows it, in {@code course-data.js}; a dynamic one a signed token and the launch
 * URL in {@code launch-config.js}, and is recorded ({@code scorm_export}) so that it can be revoked
 * on its own. The zip itself is written while it is sent ({@link ZipStream}).
 */
@ApplicationScoped
public class ScormExportService {

    private final Courses courses;
    private final SessionExchange player;
    private final RuntimeFiles runtime;
    private final PackageTokens tokens;
    private final ExportRepository exports;
    private final ObjectMapper mapper;
    private final PackageMedia media;
    private final String baseUrl;

    public ScormExportService(
            Courses courses,
            SessionExchange player,
            RuntimeFiles runtime,
            PackageTokens tokens,
            ExportRepository exports,
            ObjectMapper mapper,
            PackageMedia media,
            @ConfigProperty(name = "platform.public-base-url") String baseUrl) {
        this.courses = courses;
        this.player = player;
        this.runtime = runtime;
        this.tokens = tokens;
        this.exports = exports;
        this.mapper = mapper;
        this.media = media;
        this.baseUrl = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
    }

    /**
     * A package ready to be sent: its file name, its bytes (written as they are read), for a
     * dynamic package its export id (null for a static one), and for a static one the media it
     * leaves remote (http(s) URLs in document order; empty for a dynamic one).
     */
    public record Package(String fileName, Multi<byte[]> bytes, String exportId, List<String> external) {}

    @WithTransaction
    public Uni<Package> export(CourseScope scope, long courseId, ExportOptions options) {
        return courses.find(scope, courseId).chain(course -> {
            course.requireEditable();
            course.requirePublished();
            List<String> files = runtime.of(options.type());
            // The published version is read (and a Classic one converted) for both types: a course
            // the player cannot show is refused here (422), not in the LMS.
            return player.published(course)
                    .chain(published -> options.type() == ExportOptions.Type.STATIC
                            ? exports.ownedMedia(course.workspaceId, media.tokens(published.document()))
                                    .chain(owned -> exports.narration(course.id)
                                            .map(narration -> new Carried(owned, narration)))
                                    .chain(carried -> Workers.call(() -> {
                                        PackageMedia.Plan plan =
                                                media.plan(carried.owned(), published.document(), carried.narration());
                                        return pack(
                                                options,
                                                course,
                                                files,
                                                courseData(options, course, published, plan),
                                                null,
                                                plan);
                                    }))
                            : dynamic(options, course, scope)
                                    .map(launch ->
                                            pack(options, course, files, launch.config(), launch.exportId(), null)));
        });
    }

    /**
     * Revokes a dynamic package of a course visible to the call, for good (a deleted course's too);
     * 404 for an invisible course or an export id that is not one of its packages.
     */
    @WithTransaction
    public Uni<Void> revoke(CourseScope scope, long courseId, String exportId) {
        return courses.find(scope, courseId).chain(course -> {
            if (exportId == null || !PackageTokens.EXPORT_ID.matcher(exportId).matches()) {
                throw noPackage(courseId, exportId);
            }
            return exports.revoke(exportId, courseId)
                    .invoke(revoked -> {
                        if (!revoked) {
                            throw noPackage(courseId, exportId);
                        }
                        Log.debugf("SCORM package %s of course %d revoked", exportId, courseId);
                    })
                    .replaceWithVoid();
        });
    }

    private static ApiException noPackage(long courseId, String exportId) {
        return ApiException.notFound("Course " + courseId + " has no SCORM package " + exportId);
    }

    private Package pack(
            ExportOptions options,
            Course course,
            List<String> files,
            byte[] generated,
            String exportId,
            PackageMedia.Plan plan) {
        Log.debugf(
                "SCORM export of course %d: %s %s, %d runtime files, %d media files",
                course.id,
                options.type().wire(),
                options.version().wire(),
                files.size(),
                plan == null ? 0 : plan.files().size());
        return new Package(
                options.fileName(course.key),
                ZipStream.of(zip -> write(zip, options, course, files, generated, plan)),
                exportId,
                plan == null ? List.of() : plan.external());
    }

    private record Launch(byte[] config, String exportId) {}

    /** What a static package may carry: the workspace's own library tokens and the course's narration. */
    private record Carried(java.util.Set<String> owned, List<PackageMedia.Narration> narration) {}

    /** Signs the package's token (off the event loop) and records the package under its export id. */
    private Uni<Launch> dynamic(ExportOptions options, Course course, CourseScope scope) {
        OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
        return Workers.call(() -> {
                    PackageTokens.Issued issued =
                            tokens.issue(course.workspaceId, course.id, course.clientIdentifier, scope.testMode());
                    return new Launch(launchConfig(options, course, issued.token()), issued.exportId());
                })
                .call(launch -> exports.insert(
                        launch.exportId(),
                        course.workspaceId,
                        course.id,
                        course.clientIdentifier,
                        scope.testMode(),
                        now.plus(tokens.lifetime()),
                        now));
    }

    /** Manifest, generated file, runtime files, then the media the package carries (streamed from S3). */
    private void write(
            ZipOutputStream zip,
            ExportOptions options,
            Course course,
            List<String> files,
            byte[] generated,
            PackageMedia.Plan plan)
            throws IOException {
        List<PackageMedia.File> carried = plan == null ? List.of() : plan.files();
        String generatedName =
                options.type() == ExportOptions.Type.STATIC ? RuntimeFiles.COURSE_DATA : RuntimeFiles.LAUNCH_CONFIG;
        List<String> all = new ArrayList<>(files.size() + 1);
        all.add(generatedName);
        all.addAll(files);
        carried.forEach(file -> all.add(file.path()));
        zip.putNextEntry(new ZipEntry(ManifestWriter.FILE));
        zip.write(ManifestWriter.write(
                options.version(), "course-" + course.key, course.title, options.type().launch, all));
        zip.closeEntry();
        zip.putNextEntry(new ZipEntry(generatedName));
        zip.write(generated);
        zip.closeEntry();
        for (String file : files) {
            zip.putNextEntry(new ZipEntry(file));
            try (InputStream in = runtime.open(file)) {
                in.transferTo(zip);
            }
            zip.closeEntry();
        }
        for (PackageMedia.File file : carried) {
            zip.putNextEntry(new ZipEntry(file.path()));
            media.copy(file, zip);
            zip.closeEntry();
        }
    }

    /** {@code window.COURSE_PACKAGE = {...};}: what the static runtime plays. */
    private byte[] courseData(
            ExportOptions options, Course course, PlayerViews.Published published, PackageMedia.Plan plan)
            throws JsonProcessingException {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("version", options.version().wire());
        data.put("course", courseInfo(course));
        data.put("document", plan.document());
        data.put("locale", published.locale());
        data.put("theme", published.theme());
        data.put("narration", plan.narration());
        return script("COURSE_PACKAGE", data);
    }

    /** {@code window.COURSE_LAUNCH = {...};}: where the launcher opens the live course, and its token. */
    private byte[] launchConfig(ExportOptions options, Course course, String token) throws JsonProcessingException {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("version", options.version().wire());
        data.put("course", courseInfo(course));
        data.put("launchUrl", baseUrl + "/play/lms?w=" + course.workspaceId);
        data.put("token", token);
        return script("COURSE_LAUNCH", data);
    }

    private static Map<String, Object> courseInfo(Course course) {
        Map<String, Object> info = new LinkedHashMap<>();
        info.put("id", course.id);
        info.put("key", course.key);
        info.put("title", course.title);
        return info;
    }

    /**
     * A script that sets one global to JSON. U+2028 and U+2029 are escaped (line terminators to
     * older JavaScript engines); they can only occur inside JSON strings, where the escape means the same.
     */
    private byte[] script(String global, Object value) throws JsonProcessingException {
        String json =
                mapper.writeValueAsString(value).replace("\u2028", "\\u2028").replace("\u2029", "\\u2029");
        return ("window." + global + " = " + json + ";\n").getBytes(StandardCharsets.UTF_8);
    }
}
