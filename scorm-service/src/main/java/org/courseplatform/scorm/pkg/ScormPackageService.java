package org.courseplatform.scorm.pkg;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.logging.Log;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Row;
import jakarta.enterprise.context.ApplicationScoped;
import java.security.SecureRandom;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;
import org.courseplatform.platform.auth.WorkspaceCaller;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.Workers;
import org.courseplatform.scorm.config.ScormConfig;
import org.courseplatform.scorm.courses.Courses;
import org.courseplatform.scorm.courses.CoursesClient;
import org.courseplatform.scorm.storage.PackageStore;

/**
 * Uploads, package creation, status and download. The package row is also the processing job
 * ({@link org.courseplatform.scorm.processing.PackageWorker} claims {@code uploaded} rows), so a
 * package is queued in the same statement that creates it and survives restarts.
 */
@ApplicationScoped
public class ScormPackageService {

    private static final Pattern ZIP_NAME = Pattern.compile("[^/\\\\\\p{Cntrl}]{1,251}\\.[zZ][iI][pP]");
    private static final Pattern HASH = Pattern.compile("[0-9a-f]{64}");
    private static final SecureRandom RANDOM = new SecureRandom();

    private final PackageRepository packages;
    private final PackageStore store;
    private final Courses courses;
    private final ScormConfig config;
    private final ObjectMapper mapper;

    public ScormPackageService(
            PackageRepository packages, PackageStore store, Courses courses, ScormConfig config, ObjectMapper mapper) {
        this.packages = packages;
        this.store = store;
        this.courses = courses;
        this.config = config;
        this.mapper = mapper;
    }

    /**
     * Checks name and size and answers a presigned PUT URL and the hash that names the upload.
     * The URL is signed for exactly the announced size.
     */
    public Uni<PackageRequests.UploadTicket> announce(WorkspaceCaller caller, PackageRequests.Upload request) {
        String name = zipName(request.name());
        long size = request.size();
        if (size < 1) {
            throw ApiException.invalid("size", "must be at least 1 byte");
        }
        long max = config.upload().maxBytes();
        if (size > max) {
            throw ApiException.payloadTooLarge("A SCORM package may be at most " + max + " bytes; this one is " + size);
        }
        byte[] random = new byte[32];
        RANDOM.nextBytes(random);
        String hash = HexFormat.of().formatHex(random);
        String key = PackageStore.uploadKey(caller.workspaceId(), hash);
        OffsetDateTime expires = OffsetDateTime.now(ZoneOffset.UTC)
                .plus(config.upload().urlTtl())
                .truncatedTo(ChronoUnit.SECONDS);
        String url = store.presignPut(
                        caller.workspaceId(), hash, size, config.upload().urlTtl())
                .toString();
        return packages.insertUpload(hash, caller.workspaceId(), name, size, key, expires)
                .map(ignored -> new PackageRequests.UploadTicket(url, hash, expires));
    }

    /**
     * Makes the course of an uploaded zip and queues it. The hash is claimed atomically, so two
     * calls with one hash make one course. The zip is then copied to the package's original key
     * ({@link PackageStore#originalKey}), which no presigned URL ever named: processing,
     * reprocessing and the download read that copy, and the upload object is deleted, so a PUT
     * through a still-valid upload URL changes nothing the package uses. If the copy or
     * course-service fails, or the package cannot be recorded, the claim is released and the
     * client may try again: course-service answers the course it made for this upload, if it made
     * one, so a retry never makes a second course. A claim whose request died with its instance
     * (or whose release failed) is taken again after {@link PackageRepository#STALE_CLAIM_SECONDS}.
     */
    public Uni<PackageRequests.Created> create(WorkspaceCaller caller, PackageRequests.Create request) {
        String name = zipName(request.name());
        String hash = request.hash().strip();
        if (!HASH.matcher(hash).matches()) {
            throw ApiException.notFound("No upload with hash " + shorten(hash));
        }
        String identifier = request.identifier() == null
                ? "api-key-" + caller.keyId()
                : request.identifier().strip();
        if (identifier.isEmpty()) {
            throw ApiException.invalid("identifier", "must not be blank");
        }
        String tenant = request.clientIdentifier();
        return packages.findUpload(hash, caller.workspaceId()).chain(upload -> {
            if (upload == null) {
                throw ApiException.notFound("No upload with hash " + shorten(hash));
            }
            if (upload.getOffsetDateTime("used_at") != null && !Boolean.TRUE.equals(upload.getBoolean("stale_claim"))) {
                Long course = upload.getLong("course_id");
                throw ApiException.conflict("Upload " + shorten(hash) + " was already used"
                        + (course == null ? "" : " for course " + course)
                        + "; request a new upload for another package");
            }
            if (upload.getBoolean("expired")) {
                throw ApiException.unprocessable("Upload " + shorten(hash) + " expired at "
                        + upload.getOffsetDateTime("expires_at") + "; request a new upload URL");
            }
            long announced = upload.getLong("size_bytes");
            String uploadKey = upload.getString("object_key");
            String original = PackageStore.originalKey(caller.workspaceId(), hash);
            return Workers.call(() -> store.size(uploadKey)).chain(stored -> {
                requireAnnouncedSize(stored, announced, hash);
                return claim(caller, hash, original)
                        .chain(() -> Workers.call(() -> snapshot(uploadKey, original))
                                .invoke(copied -> requireAnnouncedSize(copied, announced, hash))
                                .onFailure()
                                .recoverWithUni(e -> release(
                                        hash, e, "The uploaded zip could not be copied in storage; try again shortly")))
                        .chain(() -> courses.create(new CoursesClient.CreateScorm(
                                        caller.workspaceId(),
                                        tenant,
                                        identifier,
                                        name.replaceAll("(?i)\\.zip$", ""),
                                        caller.testMode(),
                                        hash))
                                .onFailure()
                                .recoverWithUni(e -> release(
                                        hash, e, "course-service could not create the course; try again shortly")))
                        .chain(course -> packages.insertPackage(
                                        new PackageRepository.NewPackage(
                                                course.id(),
                                                caller.workspaceId(),
                                                tenant,
                                                identifier,
                                                name,
                                                announced,
                                                original,
                                                course.key(),
                                                caller.testMode(),
                                                course.title()),
                                        hash)
                                .onFailure()
                                .recoverWithUni(
                                        e -> release(hash, e, "The package could not be recorded; try again shortly"))
                                .call(() -> discardUpload(uploadKey))
                                .invoke(() -> Log.debugf("SCORM package %s queued as course %d", name, course.id()))
                                .map(ignored -> new PackageRequests.Created(course.id(), "uploaded")));
            });
        });
    }

    /** Blocking: the upload as it is now, copied to {@code original}; answers the copy's size, empty when nothing was uploaded. */
    private Optional<Long> snapshot(String uploadKey, String original) {
        return store.copy(uploadKey, original) ? store.size(original) : Optional.empty();
    }

    /**
     * The presigned PUT signs the announced length, so S3 refuses other lengths; this check
     * stays for stores that do not enforce signed headers, and is the one that counts for the
     * copy, which nothing can change afterwards.
     */
    private static void requireAnnouncedSize(Optional<Long> stored, long announced, String hash) {
        if (stored.isEmpty()) {
            throw ApiException.unprocessable(
                    "Nothing was uploaded for hash " + shorten(hash) + " yet: PUT the zip to the upload URL first");
        }
        if (stored.get() != announced) {
            throw ApiException.unprocessable("The uploaded file has " + stored.get()
                    + " bytes but the upload announced " + announced + "; request a new upload with the right size");
        }
    }

    /**
     * The upload object is not needed once the original is copied. A failure is only logged:
     * housekeeping deletes upload objects when their slot expires (a PUT through the URL until
     * then may also write it again, which the package never reads).
     */
    private Uni<Void> discardUpload(String uploadKey) {
        return Workers.call(() -> store.delete(List.of(uploadKey)))
                .invoke(failed -> {
                    if (!failed.isEmpty()) {
                        Log.warnf(
                                "S3 did not delete the upload object %s; housekeeping removes it when the slot expires",
                                uploadKey);
                    }
                })
                .replaceWithVoid()
                .onFailure()
                .invoke(e -> Log.warnf("Deleting the upload object %s failed: %s", uploadKey, e.toString()))
                .onFailure()
                .recoverWithNull();
    }

    private Uni<Void> claim(WorkspaceCaller caller, String hash, String original) {
        return packages.claimUpload(hash, caller.workspaceId(), original)
                .invoke(claimed -> {
                    if (!claimed) {
                        throw ApiException.conflict("Upload " + shorten(hash) + " was already used or has expired");
                    }
                })
                .replaceWithVoid();
    }

    private <T> Uni<T> release(String hash, Throwable cause, String unavailable) {
        Log.warnf("Creating the package of upload %s failed: %s", shorten(hash), cause.toString());
        return releaseThenFail(packages.releaseUpload(hash), cause, unavailable);
    }

    /**
     * Runs the release of an upload's claim, then fails with the request's one error: an API
     * error as it is, anything else (course-service timed out, storage failed) 503, try again
     * shortly. A release that fails too (the database is down) is logged by nobody and changes
     * nothing: the caller still gets 503, never a 500 of the two failures together.
     */
    static <T> Uni<T> releaseThenFail(Uni<?> release, Throwable cause, String unavailable) {
        Throwable answer = cause instanceof ApiException ? cause : ApiException.unavailable(unavailable);
        return release.onFailure()
                .recoverWithNull()
                .onItem()
                .transformToUni(ignored -> Uni.createFrom().failure(answer));
    }

    /** The package's status; another workspace's (or, when named, another tenant's) package is unknown. */
    public Uni<PackageRequests.Status> status(long workspaceId, long courseId, String clientIdentifier) {
        return find(workspaceId, courseId, clientIdentifier).map(this::statusOf);
    }

    /**
     * A short-lived presigned GET of the original zip, byte for byte. A failed package's original
     * is purged after {@code scorm.purge.failed-original-retention}; then there is nothing to
     * download (404).
     */
    public Uni<PackageRequests.Download> download(long workspaceId, long courseId, String clientIdentifier) {
        return find(workspaceId, courseId, clientIdentifier).map(row -> {
            if (row.getOffsetDateTime("original_purged_at") != null) {
                throw ApiException.notFound("The original zip of failed package " + courseId
                        + " was deleted some time after the package failed; there is nothing to download");
            }
            OffsetDateTime expires = OffsetDateTime.now(ZoneOffset.UTC)
                    .plus(config.upload().downloadTtl())
                    .truncatedTo(ChronoUnit.SECONDS);
            String url = store.presignGet(
                            row.getString("object_key"), config.upload().downloadTtl(), row.getString("name"))
                    .toString();
            return new PackageRequests.Download(url, expires);
        });
    }

    private Uni<Row> find(long workspaceId, long courseId, String clientIdentifier) {
        return packages.find(workspaceId, courseId).map(row -> {
            if (row == null
                    || (clientIdentifier != null
                            && !Objects.equals(clientIdentifier, row.getString("client_identifier")))) {
                throw ApiException.notFound("No SCORM package for course " + courseId);
            }
            return row;
        });
    }

    private PackageRequests.Status statusOf(Row row) {
        try {
            String launch = row.getString("launch");
            return new PackageRequests.Status(
                    row.getLong("course_id"),
                    row.getString("status"),
                    row.getString("title"),
                    row.getString("version"),
                    launch == null ? null : mapper.readTree(launch),
                    row.getString("error"),
                    row.getString("error_code"));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored launch of package " + row.getLong("course_id") + " is not JSON", e);
        }
    }

    static String zipName(String raw) {
        String name = raw == null ? "" : raw.strip();
        if (!ZIP_NAME.matcher(name).matches()) {
            throw ApiException.invalid("name", "must be a .zip file name (1 to 255 characters, no folders)");
        }
        return name;
    }

    private static String shorten(String hash) {
        String h = hash.length() > 16 ? hash.substring(0, 16) + "…" : hash;
        return h.toLowerCase(Locale.ROOT).replaceAll("[^0-9a-z…]", "?");
    }
}
