package org.courseplatform.courses.media;

import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import io.quarkus.logging.Log;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import java.net.URI;
import java.util.List;
import java.util.Locale;
import org.courseplatform.courses.course.CourseScope;
import org.courseplatform.courses.thumbnail.ImageFetcher;
import org.courseplatform.platform.web.ApiError;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.DigitId;
import org.courseplatform.platform.web.ErrorCode;
import org.courseplatform.platform.web.Workers;

/**
 * A medium from a URL (agents' {@code add_media_from_url}, tenants' {@code POST
 * /v1/headless/media/from-url}): the file is fetched server-side through the thumbnail's
 * SSRF-safe fetcher (public addresses only, no redirects, bounded time and size), then goes the
 * way of an upload: a slot, the bytes put at its upload key, the same completion with the same
 * content checks. The fetch holds the file in memory, so it is capped at the image limit: larger
 * audio and video are uploaded through a slot instead.
 */
@ApplicationScoped
public class MediaImports {

    static final int MAX_URL = 2048;

    /** The body: the file's URL, and what an upload slot also takes. */
    public record FromUrl(
            String url,
            String altText,
            Boolean decorative,
            @JsonDeserialize(using = DigitId.class) Long courseId) {}

    private final MediaService service;
    private final MediaRepository media;
    private final MediaStore store;
    private final ImageFetcher fetcher;

    public MediaImports(
            MediaService service, MediaRepository media, MediaStore store, MediaConfig config, Vertx vertx) {
        this.service = service;
        this.media = media;
        this.store = store;
        this.fetcher = new ImageFetcher(
                vertx,
                config.fetchTimeout(),
                (int) Math.min(Integer.MAX_VALUE, config.imageMaxBytes()),
                address -> config.fetchPrivateAddresses() || ImageFetcher.isPublicAddress(address));
    }

    /** 201 as a ready medium; 400 naming {@code url}; 422 when it cannot be fetched or is not a file the library takes. */
    public Uni<MediaViews.Media> fromUrl(CourseScope scope, MediaService.Caller caller, FromUrl body) {
        URI uri = check(body);
        return Workers.call(() -> fetcher.download(uri.toString())).chain(download -> {
            if (download.refusal() != null) {
                throw ApiException.unprocessable("The file at url could not be fetched: " + download.refusal());
            }
            MediaFormats.Format format = MediaFormats.detect(download.bytes());
            if (format == null) {
                throw new ApiException(
                        ErrorCode.UNSUPPORTED_MEDIA_TYPE,
                        "The file at url is not one the library takes (" + MediaFormats.accepted() + ")");
            }
            MediaRequests.Create create = new MediaRequests.Create(
                    filename(uri, format),
                    format.contentType(),
                    (long) download.bytes().length,
                    body.altText(),
                    body.decorative(),
                    body.courseId());
            return service.create(scope, caller, create).chain(slot -> {
                long id = slot.media().id();
                return media.find(caller.workspaceId(), id)
                        .chain(row -> Workers.call(() -> {
                            store.put(row.objectKey(), download.bytes(), format.contentType());
                            return null;
                        }))
                        .chain(() -> service.complete(caller.workspaceId(), id))
                        .invoke(m -> Log.debugf(
                                "Medium %d of workspace %d imported from %s", id, caller.workspaceId(), uri.getHost()));
            });
        });
    }

    private static URI check(FromUrl body) {
        if (body == null) {
            throw ApiException.badRequest("A body is required: {url, altText?, decorative?, courseId?}");
        }
        String url = body.url();
        String problem = null;
        URI uri = null;
        if (url == null || url.isBlank()) {
            problem = "is required: the http or https URL of a picture, audio or video file";
        } else if (url.length() > MAX_URL) {
            problem = "must be at most " + MAX_URL + " characters";
        } else {
            try {
                uri = new URI(url.strip());
            } catch (java.net.URISyntaxException e) {
                problem = "is not a URL";
            }
            if (uri != null) {
                String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
                if (!scheme.equals("http") && !scheme.equals("https") || uri.getHost() == null) {
                    problem = "must be an absolute http or https URL";
                } else if (uri.getUserInfo() != null) {
                    problem = "must not carry credentials";
                }
            }
        }
        if (body.altText() != null && body.altText().length() > MediaService.MAX_ALT_TEXT) {
            throw ApiException.invalid(List.of(
                    new ApiError.Detail("altText", "must be at most " + MediaService.MAX_ALT_TEXT + " characters")));
        }
        if (problem != null) {
            throw ApiException.invalid(List.of(new ApiError.Detail("url", problem)));
        }
        return uri;
    }

    /** The URL's last path segment, else {@code medium.<ext>}; sanitised as an upload's name is. */
    private static String filename(URI uri, MediaFormats.Format format) {
        String path = uri.getPath() == null ? "" : uri.getPath();
        String last = path.substring(path.lastIndexOf('/') + 1);
        String name = last.isBlank() ? "" : MediaService.sanitise(last);
        if (name.isEmpty()) {
            name = "medium." + format.extension();
        }
        return name.length() > MediaService.MAX_FILENAME ? name.substring(0, MediaService.MAX_FILENAME) : name;
    }
}
