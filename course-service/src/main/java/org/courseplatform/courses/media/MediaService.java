package org.courseplatform.courses.media;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.logging.Log;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Semaphore;
import org.courseplatform.courses.course.CourseScope;
import org.courseplatform.courses.course.CourseService;
import org.courseplatform.courses.player.PlayerSession;
import org.courseplatform.courses.player.PlayerSessions;
import org.courseplatform.platform.web.ApiError;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.ErrorCode;
import org.courseplatform.platform.web.Paged;
import org.courseplatform.platform.web.Workers;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The media library's rules (docs/media.md). A medium is a slot first: the client PUTs its file
 * straight to S3 through the presigned URL the slot answers, so no upload passes through a
 * service. Completing it checks the file by its content (first bytes, never the announced type),
 * then makes what learners load: raster images re-encoded into widths (which drops every piece of
 * metadata, EXIF location included), SVG, audio and video copied as they are to their final key.
 * The upload itself is always deleted. A medium belongs to its workspace: another workspace's is
 * 404, whoever asks.
 */
@ApplicationScoped
public class MediaService {

    static final int MAX_FILENAME = 255;
    static final int MAX_ALT_TEXT = 1000;
    private static final int SNIFF_BYTES = 4096;
    private static final SecureRandom RANDOM = new SecureRandom();

    /** What a caller is: its workspace, who it is (recorded as the maker) and, for the builder, its course. */
    public record Caller(long workspaceId, String createdBy) {}

    private final MediaRepository media;
    private final MediaStore store;
    private final MediaConfig config;
    private final CourseService courses;
    private final PlayerSessions sessions;
    private final String baseUrl;
    private final Semaphore processing;

    public MediaService(
            MediaRepository media,
            MediaStore store,
            MediaConfig config,
            CourseService courses,
            PlayerSessions sessions,
            @ConfigProperty(name = "platform.public-base-url") String baseUrl) {
        this.media = media;
        this.store = store;
        this.config = config;
        this.courses = courses;
        this.sessions = sessions;
        this.baseUrl = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
        this.processing = new Semaphore(Math.max(1, config.concurrentProcessing()), true);
    }

    // ------------------------------------------------------------------------------ tenant API

    /** A new upload slot; a {@code courseId} must be a course the scope sees (404 otherwise). */
    public Uni<MediaViews.Slot> create(CourseScope scope, Caller caller, MediaRequests.Create body) {
        Checked checked = check(body);
        Long courseId = body.courseId();
        Uni<Long> course = courseId == null
                ? Uni.createFrom().nullItem()
                : courses.get(scope, courseId).map(view -> courseId);
        return course.chain(id -> slot(caller, id, checked, body));
    }

    public Uni<MediaViews.Media> get(long workspaceId, long id) {
        return find(workspaceId, id).map(this::view);
    }

    public Uni<Paged<MediaViews.Media>> list(long workspaceId, MediaQuery query) {
        return media.list(workspaceId, query)
                .chain(rows -> media.count(workspaceId, query)
                        .map(total -> new Paged<>(rows.stream().map(this::view).toList(), total)));
    }

    /** Changes the alt text or the decorative mark. */
    public Uni<MediaViews.Media> describe(long workspaceId, long id, MediaRequests.Patch body) {
        if (body == null) {
            throw ApiException.badRequest("A body is required: {altText?, decorative?}");
        }
        String altText = altText(body.altText());
        return find(workspaceId, id)
                .chain(row -> media.describe(
                                workspaceId,
                                id,
                                body.altText() == null ? row.altText() : altText,
                                body.decorative() == null ? row.decorative() : body.decorative())
                        .map(this::view));
    }

    /**
     * Checks the uploaded file and makes what learners load, on a worker: 200 with the ready
     * medium; 409 while nothing was uploaded; 422 when the content is refused (the medium is then
     * failed, with the reason, and its objects are gone). A ready medium is answered as it is.
     */
    public Uni<MediaViews.Media> complete(long workspaceId, long id) {
        return find(workspaceId, id).chain(row -> switch (row.status()) {
            case "ready" -> Uni.createFrom().item(view(row));
            case "failed" ->
                Uni.createFrom()
                        .failure(ApiException.unprocessable("This upload was refused: " + row.error()
                                + ". Start a new upload (POST /v1/headless/media)"));
            default -> Workers.call(() -> process(row)).chain(outcome -> finish(row, outcome));
        });
    }

    /**
     * Deletes a medium and its files: 409 while a published course of the workspace uses it (its
     * token is in the published document), the details naming those courses ({@code field}: the
     * course id, {@code message}: its title). A draft that uses it keeps a dead URL.
     */
    public Uni<Void> delete(long workspaceId, long id) {
        return find(workspaceId, id)
                .chain(row -> media.publishedUsers(workspaceId, row.token()).chain(users -> {
                    if (!users.isEmpty()) {
                        List<ApiError.Detail> details = users.stream()
                                .map(u -> new ApiError.Detail(String.valueOf(u.id()), u.title()))
                                .toList();
                        throw new ApiException(
                                ErrorCode.CONFLICT,
                                "Medium " + id + " is used by " + users.size() + " published course"
                                        + (users.size() == 1 ? "" : "s")
                                        + "; remove it from them and publish them again first",
                                details,
                                null);
                    }
                    return Workers.call(() -> {
                                store.delete(keys(row));
                                return null;
                            })
                            .chain(() -> media.delete(workspaceId, id))
                            .invoke(() -> Log.debugf("Deleted medium %d of workspace %d", id, workspaceId))
                            .replaceWithVoid();
                }));
    }

    // ------------------------------------------------------------------------------ builder API

    /** A slot from the builder: the session's workspace, its course (when it has one), its author. */
    public Uni<MediaViews.Slot> createForSession(String sessionId, MediaRequests.Create body) {
        return editSession(sessionId).chain(session -> {
            Checked checked = check(body);
            return slot(new Caller(session.workspaceId(), session.identifier()), session.courseId(), checked, body);
        });
    }

    public Uni<MediaViews.Media> completeForSession(String sessionId, long id) {
        return editSession(sessionId).chain(session -> complete(session.workspaceId(), id));
    }

    public Uni<Paged<MediaViews.Media>> listForSession(String sessionId, MediaQuery query) {
        return editSession(sessionId).chain(session -> list(session.workspaceId(), query));
    }

    public Uni<MediaViews.Media> getForSession(String sessionId, long id) {
        return editSession(sessionId).chain(session -> get(session.workspaceId(), id));
    }

    public Uni<MediaViews.Media> describeForSession(String sessionId, long id, MediaRequests.Patch body) {
        return editSession(sessionId).chain(session -> describe(session.workspaceId(), id, body));
    }

    /**
     * The editing session (401 without one, 403 for a session that only plays), as the other editor
     * calls. Read in a Hibernate session of its own that ends before the library is read through the
     * pool: a call holding that session's connection while it waited for a second one made as many
     * builder calls at once as the pool has connections wait until the pool's timeout.
     */
    private Uni<PlayerSession> editSession(String id) {
        return Panache.withSession(() -> sessions.findEditing(id, false));
    }

    // ------------------------------------------------------------------------------ slots

    private record Checked(String filename, String contentType, String kind, long size, String altText) {}

    /** The body's rules: 400 naming the field, 415 for a type not taken, 413 over the kind's limit. */
    private Checked check(MediaRequests.Create body) {
        if (body == null) {
            throw ApiException.badRequest(
                    "A body is required: {filename, contentType, size, altText?, decorative?, courseId?}");
        }
        List<ApiError.Detail> problems = new ArrayList<>();
        String filename = body.filename() == null ? null : sanitise(body.filename());
        if (body.filename() == null || body.filename().isBlank()) {
            problems.add(new ApiError.Detail("filename", "is required"));
        } else if (body.filename().length() > MAX_FILENAME) {
            problems.add(new ApiError.Detail("filename", "must be at most " + MAX_FILENAME + " characters"));
        } else if (filename.isEmpty()) {
            problems.add(new ApiError.Detail("filename", "must hold a file name"));
        }
        if (body.contentType() == null || body.contentType().isBlank()) {
            problems.add(new ApiError.Detail("contentType", "is required"));
        } else if (body.contentType().length() > 100) {
            problems.add(new ApiError.Detail("contentType", "must be at most 100 characters"));
        }
        if (body.size() == null) {
            problems.add(new ApiError.Detail("size", "is required: the file's size in bytes"));
        } else if (body.size() < 1) {
            problems.add(new ApiError.Detail("size", "must be 1 or more"));
        }
        if (body.altText() != null && body.altText().length() > MAX_ALT_TEXT) {
            problems.add(new ApiError.Detail("altText", "must be at most " + MAX_ALT_TEXT + " characters"));
        }
        if (!problems.isEmpty()) {
            throw ApiException.invalid(problems);
        }
        String type = MediaFormats.bare(body.contentType());
        if (MediaFormats.undecodable(type)) {
            throw new ApiException(
                    ErrorCode.UNSUPPORTED_MEDIA_TYPE,
                    type + " pictures are not accepted; send " + MediaFormats.ACCEPTED_IMAGES
                            + " (save the picture as JPEG or PNG first)");
        }
        String kind = MediaFormats.kindOf(type);
        if (kind == null) {
            throw new ApiException(
                    ErrorCode.UNSUPPORTED_MEDIA_TYPE,
                    "Content type " + type + " is not accepted; the library takes " + MediaFormats.accepted());
        }
        long max = maxBytes(kind);
        if (body.size() > max) {
            throw ApiException.payloadTooLarge("The " + kind + " is " + body.size() + " bytes; at most " + max
                    + " bytes (" + max / (1024 * 1024) + " MB) are accepted for " + kind);
        }
        return new Checked(filename, type, kind, body.size(), altText(body.altText()));
    }

    private Uni<MediaViews.Slot> slot(Caller caller, Long courseId, Checked checked, MediaRequests.Create body) {
        String token = newToken();
        String key = MediaStore.uploadKey(caller.workspaceId(), token);
        OffsetDateTime expires = now().plus(config.uploadTtl());
        return media.insert(
                        caller.workspaceId(),
                        courseId,
                        token,
                        checked.kind(),
                        checked.contentType(),
                        checked.filename(),
                        checked.size(),
                        checked.altText(),
                        Boolean.TRUE.equals(body.decorative()),
                        key,
                        caller.createdBy(),
                        expires)
                .chain(row -> Workers.call(
                                () -> store.presignPut(key, checked.contentType(), checked.size(), config.uploadTtl()))
                        .map(url -> new MediaViews.Slot(
                                view(row),
                                new MediaViews.Upload(
                                        url.toString(),
                                        "PUT",
                                        Map.of("Content-Type", checked.contentType()),
                                        expires))))
                .invoke(slot -> Log.debugf(
                        "Media slot %s (%s) in workspace %s",
                        String.valueOf(slot.media().id()), checked.kind(), String.valueOf(caller.workspaceId())));
    }

    // ------------------------------------------------------------------------------ processing

    /** What processing came to. */
    private sealed interface Outcome {}

    private record Missing() implements Outcome {}

    private record Refused(String reason) implements Outcome {}

    private record Done(
            String contentType, Integer width, Integer height, List<MediaRow.StoredVariant> variants, String file)
            implements Outcome {}

    private Uni<MediaViews.Media> finish(MediaRow row, Outcome outcome) {
        return switch (outcome) {
            case Missing m ->
                media.find(row.workspaceId(), row.id()).map(now -> {
                    if (now != null && "ready".equals(now.status())) {
                        return view(now);
                    }
                    throw ApiException.conflict("Medium " + row.id()
                            + " has no file yet: upload the file first (PUT it to the slot's upload URL)");
                });
            case Refused r ->
                media.failed(row.id(), r.reason())
                        .invoke(() -> Log.debugf("Medium %d refused: %s", row.id(), r.reason()))
                        .chain(() -> Uni.createFrom().failure(ApiException.unprocessable(r.reason())));
            case Done d ->
                media.ready(row.id(), d.contentType(), d.width(), d.height(), d.variants(), d.file())
                        .chain(ready -> ready != null
                                ? Uni.createFrom().item(view(ready))
                                : media.find(row.workspaceId(), row.id()).map(this::view));
        };
    }

    /** Blocking: the checks and the S3 work of one completion. The upload is gone afterwards, whatever came of it. */
    private Outcome process(MediaRow row) throws IOException, InterruptedException {
        String upload = row.objectKey();
        var size = store.size(upload);
        if (size.isEmpty()) {
            return new Missing();
        }
        Outcome outcome;
        try {
            outcome = size.get() > maxBytes(row.kind())
                    ? new Refused("The file is " + size.get() + " bytes; at most " + maxBytes(row.kind())
                            + " are accepted for " + row.kind())
                    : "image".equals(row.kind()) ? image(row, size.get()) : stream(row);
        } catch (IOException | RuntimeException e) {
            Log.warnf("Media %d could not be processed: %s", row.id(), e.toString());
            store.delete(keys(row));
            throw e;
        }
        if (outcome instanceof Refused) {
            store.delete(keys(row));
        } else {
            store.delete(List.of(upload));
        }
        return outcome;
    }

    /** Audio and video: the type by the first bytes (a ranged GET), then a server-side copy. */
    private Outcome stream(MediaRow row) throws IOException {
        MediaFormats.Format format =
                MediaFormats.forKind(MediaFormats.detect(store.head(row.objectKey(), 64)), row.kind());
        if (format == null) {
            return new Refused("The file is not " + article(row.kind()) + " the library takes ("
                    + MediaFormats.acceptedOf(row.kind()) + "), whatever its name or announced type");
        }
        String file = "file." + format.extension();
        store.copy(row.objectKey(), MediaStore.fileKey(row.token(), file), format.contentType());
        return new Done(format.contentType(), null, null, List.of(), file);
    }

    private Outcome image(MediaRow row, long size) throws IOException, InterruptedException {
        byte[] first = store.head(row.objectKey(), SNIFF_BYTES);
        MediaFormats.Format format = MediaFormats.forKind(MediaFormats.detect(first), "image");
        if (format == null) {
            return new Refused("The file is not a picture the library takes (" + MediaFormats.ACCEPTED_IMAGES
                    + "), whatever its name or announced type");
        }
        processing.acquire();
        Path temp = Files.createTempFile("media-", ".upload");
        try {
            if (!store.download(row.objectKey(), temp, config.imageMaxBytes())) {
                return new Refused("The picture is over " + config.imageMaxBytes() + " bytes");
            }
            if (format == MediaFormats.SVG) {
                String problem = SvgCheck.problem(Files.readAllBytes(temp));
                if (problem != null) {
                    return new Refused(problem);
                }
                String file = "file.svg";
                store.copy(row.objectKey(), MediaStore.fileKey(row.token(), file), format.contentType());
                return new Done(format.contentType(), null, null, List.of(), file);
            }
            ImageVariants.Result result;
            try {
                result = ImageVariants.process(temp, config.imageMaxPixels(), config.jpegQuality());
            } catch (ImageVariants.Refused e) {
                return new Refused(e.getMessage());
            }
            List<MediaRow.StoredVariant> stored = new ArrayList<>();
            for (ImageVariants.Variant v : result.variants()) {
                String file = "w" + v.width() + "." + v.extension();
                String key = MediaStore.fileKey(row.token(), file);
                store.put(key, v.bytes(), v.contentType());
                stored.add(new MediaRow.StoredVariant(v.width(), key, file, v.contentType(), v.bytes().length));
            }
            Log.debugf(
                    "Medium %d: %dx%d %s into %d widths",
                    row.id(), result.width(), result.height(), format.extension(), stored.size());
            return new Done(stored.get(0).contentType(), result.width(), result.height(), stored, null);
        } finally {
            Files.deleteIfExists(temp);
            processing.release();
        }
    }

    // ------------------------------------------------------------------------------ views

    MediaViews.Media view(MediaRow row) {
        List<MediaViews.Variant> variants = row.variants().stream()
                .map(v -> new MediaViews.Variant(v.width(), fileUrl(row.token(), v.file())))
                .toList();
        String url = null;
        if ("ready".equals(row.status())) {
            if (row.fileName() != null) {
                url = fileUrl(row.token(), row.fileName());
            } else if (!row.variants().isEmpty()) {
                MediaRow.StoredVariant chosen = row.variants().get(0);
                for (MediaRow.StoredVariant v : row.variants()) {
                    if (v.width() <= 1280 && v.width() >= chosen.width()) {
                        chosen = v;
                    }
                }
                url = fileUrl(row.token(), chosen.file());
            }
        }
        return new MediaViews.Media(
                row.id(),
                row.kind(),
                row.contentType(),
                row.filename(),
                row.size(),
                row.width(),
                row.height(),
                row.altText(),
                row.decorative(),
                row.status(),
                row.error(),
                url,
                variants,
                row.courseId(),
                row.createdAt(),
                row.updatedAt());
    }

    private String fileUrl(String token, String file) {
        return baseUrl + "/play/media/" + token + "/" + file;
    }

    /** Every object a medium may have: the upload, its widths and its file. */
    static List<String> keys(MediaRow row) {
        List<String> keys = new ArrayList<>();
        keys.add(row.objectKey());
        for (MediaRow.StoredVariant v : row.variants()) {
            keys.add(v.key());
        }
        if (row.fileName() != null) {
            keys.add(MediaStore.fileKey(row.token(), row.fileName()));
        }
        return keys;
    }

    private Uni<MediaRow> find(long workspaceId, long id) {
        return media.find(workspaceId, id)
                .onItem()
                .ifNull()
                .failWith(() -> ApiException.notFound("Medium " + id + " not found"));
    }

    private long maxBytes(String kind) {
        return switch (kind) {
            case "image" -> config.imageMaxBytes();
            case "audio" -> config.audioMaxBytes();
            default -> config.videoMaxBytes();
        };
    }

    private static String altText(String raw) {
        if (raw == null) {
            return null;
        }
        if (raw.length() > MAX_ALT_TEXT) {
            throw ApiException.invalid("altText", "must be at most " + MAX_ALT_TEXT + " characters");
        }
        String text = raw.strip();
        return text.isEmpty() ? null : text;
    }

    /** The name without any folder part, control characters or characters that break a header. */
    static String sanitise(String filename) {
        String name = filename.replace('\\', '/');
        name = name.substring(name.lastIndexOf('/') + 1);
        StringBuilder clean = new StringBuilder();
        name.codePoints().forEach(c -> {
            if (c >= 0x20 && c != 0x7f && c != '"' && c != '<' && c != '>' && !Character.isISOControl(c)) {
                clean.appendCodePoint(c);
            }
        });
        String result = clean.toString().strip();
        while (result.startsWith(".")) {
            result = result.substring(1);
        }
        return result.length() > MAX_FILENAME ? result.substring(0, MAX_FILENAME) : result;
    }

    private static String article(String kind) {
        return "audio".equals(kind) ? "audio" : "a video";
    }

    /** 128 random bits, base64url: the part of public URLs nobody can guess. */
    static String newToken() {
        byte[] bytes = new byte[16];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    static OffsetDateTime now() {
        return OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MICROS);
    }
}
