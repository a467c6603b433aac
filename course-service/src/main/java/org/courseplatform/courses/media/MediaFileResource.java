package org.courseplatform.courses.media;

import io.smallrye.common.annotation.Blocking;
import jakarta.annotation.security.PermitAll;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import java.io.InputStream;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.courseplatform.platform.web.ApiException;

/**
 * Serves the library's files without credentials, so {@code <img>}, {@code <audio>} and
 * {@code <video>} load them: the token in the URL is 128 random bits, and a file never changes
 * under its URL, so it is cached for good. A {@code Range} request (one range) is answered 206
 * from a ranged GET of S3, so seeking in a video never loads the whole file; bytes are streamed,
 * never held. An SVG is served sandboxed: opened as a page it can run nothing.
 */
@Path("/play/media")
@PermitAll
public class MediaFileResource {

    private static final Pattern TOKEN = Pattern.compile("[A-Za-z0-9_-]{22}");
    private static final Pattern FILE = Pattern.compile("(w[1-9][0-9]{0,3}\\.(jpg|png)|file\\.[a-z0-9]{2,4})");
    private static final Pattern RANGE = Pattern.compile("bytes=([0-9]{0,18})-([0-9]{0,18})");
    private static final Duration DATABASE_WAIT = Duration.ofSeconds(5);
    static final String SVG_POLICY = "sandbox; default-src 'none'; style-src 'unsafe-inline'";

    private final MediaRepository media;
    private final MediaStore store;

    public MediaFileResource(MediaRepository media, MediaStore store) {
        this.media = media;
        this.store = store;
    }

    /** A file of a ready medium: {@code w640.jpg}, {@code w1280.png}, {@code file.mp4}, {@code file.svg}, ... */
    @GET
    @Path("/{token}/{file}")
    @Blocking
    public Response get(
            @PathParam("token") String token, @PathParam("file") String file, @HeaderParam("Range") String range) {
        if (!TOKEN.matcher(token).matches() || !FILE.matcher(file).matches()) {
            throw ApiException.notFound("No such file");
        }
        MediaRow row = media.byToken(token).await().atMost(DATABASE_WAIT);
        if (row == null) {
            throw ApiException.notFound("No such file");
        }
        String key;
        String contentType;
        long size;
        if (file.equals(row.fileName())) {
            key = MediaStore.fileKey(token, file);
            contentType = row.contentType();
            size = row.size();
        } else {
            MediaRow.StoredVariant variant = row.variants().stream()
                    .filter(v -> v.file().equals(file))
                    .findFirst()
                    .orElseThrow(() -> ApiException.notFound("No such file"));
            key = variant.key();
            contentType = variant.contentType();
            size = variant.size();
        }
        long first = 0;
        long last = size - 1;
        boolean partial = false;
        if (range != null && !range.contains(",")) {
            Matcher m = RANGE.matcher(range.strip());
            if (m.matches() && !(m.group(1).isEmpty() && m.group(2).isEmpty())) {
                if (m.group(1).isEmpty()) {
                    long suffix = Long.parseLong(m.group(2));
                    first = Math.max(0, size - suffix);
                    if (suffix == 0) {
                        return unsatisfiable(size);
                    }
                } else {
                    first = Long.parseLong(m.group(1));
                    if (!m.group(2).isEmpty()) {
                        long end = Long.parseLong(m.group(2));
                        if (end < first) {
                            return unsatisfiable(size);
                        }
                        last = Math.min(end, size - 1);
                    }
                }
                if (first >= size) {
                    return unsatisfiable(size);
                }
                partial = true;
            }
        }
        InputStream in = store.open(key, first, last).orElseThrow(() -> ApiException.notFound("No such file"));
        StreamingOutput body = out -> {
            try (InputStream source = in) {
                source.transferTo(out);
            }
        };
        Response.ResponseBuilder answer = Response.status(partial ? 206 : 200)
                .entity(body)
                .type(contentType)
                .header("Content-Length", last - first + 1)
                .header("Accept-Ranges", "bytes")
                .header("Cache-Control", "public, max-age=31536000, immutable")
                .header("X-Content-Type-Options", "nosniff");
        if (partial) {
            answer.header("Content-Range", "bytes " + first + "-" + last + "/" + size);
        }
        if (contentType.equals(MediaFormats.SVG.contentType())) {
            answer.header("Content-Security-Policy", SVG_POLICY);
        }
        return answer.build();
    }

    private static Response unsatisfiable(long size) {
        return Response.status(416)
                .header("Content-Range", "bytes */" + size)
                .header("Cache-Control", "no-store")
                .build();
    }
}
