package org.courseplatform.courses.theme;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import org.courseplatform.platform.web.Workers;

/**
 * Preview images of themes, rendered on a worker thread and kept by content: the key (also the
 * ETag) is a hash of everything the image shows, so a changed theme gets a new image and an
 * unchanged one is drawn once per instance (a bounded Caffeine cache, as the service's other caches).
 */
@ApplicationScoped
public class ThemePreviews {

    private static final int MAX_CACHED = 256;

    private final Cache<String, byte[]> cache =
            Caffeine.newBuilder().maximumSize(MAX_CACHED).build();

    /** A rendered preview and its strong ETag. */
    public record Preview(String etag, byte[] png) {}

    /** The strong ETag of the theme's preview, known without rendering. */
    public static String etag(Theme theme) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256")
                    .digest((ThemePreviewRenderer.VERSION + "|" + theme.fingerprint())
                            .getBytes(StandardCharsets.UTF_8));
            return "\"" + HexFormat.of().formatHex(digest, 0, 12) + "\"";
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    public Uni<Preview> of(Theme theme) {
        String etag = etag(theme);
        byte[] cached = cache.getIfPresent(etag);
        if (cached != null) {
            return Uni.createFrom().item(new Preview(etag, cached));
        }
        return Workers.call(() -> {
            byte[] png = ThemePreviewRenderer.render(theme);
            cache.put(etag, png);
            return new Preview(etag, png);
        });
    }
}
