package org.courseplatform.courses.player;

import com.github.benmanes.caffeine.cache.AsyncCache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.courseplatform.platform.auth.WorkspaceCaller;
import org.courseplatform.platform.web.ApiError;
import org.courseplatform.platform.web.ApiException;

/**
 * Which sites may frame a workspace's learner pages (their CSP {@code frame-ancestors}). Embed URLs
 * name their workspace ({@code ?w=}), so {@link PlayerPages} can answer each page with its
 * workspace's list; a workspace that never set one gets {@code player.frame-ancestors}. The pages
 * read the lists through a 30-second in-memory cache, loaded asynchronously; a PUT clears the
 * workspace's entry in this instance (other instances see it within 30 s).
 */
@ApplicationScoped
public class EmbedSettingsService {

    static final int MAX_FRAME_ANCESTORS = 50;
    static final Duration CACHE_TTL = Duration.ofSeconds(30);

    private static final String LABEL = "[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?";
    private static final Pattern ORIGIN = Pattern.compile("(?<https>https)://(?<host>" + LABEL + "(\\." + LABEL
            + ")*)(:(?<port>[0-9]{1,5}))?" + "|http://(?<local>localhost|127\\.0\\.0\\.1)(:(?<localPort>[0-9]{1,5}))?");

    private final EmbedSettingsRepository repository;
    private final List<String> defaults;
    private final AsyncCache<Long, String> cache = Caffeine.newBuilder()
            .expireAfterWrite(CACHE_TTL)
            .maximumSize(50_000)
            .buildAsync();

    public EmbedSettingsService(EmbedSettingsRepository repository, PlayerConfig config) {
        this.repository = repository;
        this.defaults = List.of(config.frameAncestors().strip().split("\\s+"));
    }

    /** The service-wide {@code player.frame-ancestors}, as a CSP source list. */
    String defaultFrameAncestors() {
        return String.join(" ", defaults);
    }

    public Uni<EmbedSettings> get(WorkspaceCaller caller) {
        return repository
                .frameAncestors(caller.workspaceId())
                .map(list -> new EmbedSettings(list == null ? defaults : list));
    }

    public Uni<EmbedSettings> put(WorkspaceCaller caller, EmbedSettings body) {
        List<String> frameAncestors = validate(body);
        long workspaceId = caller.workspaceId();
        return repository
                .saveFrameAncestors(workspaceId, frameAncestors)
                .invoke(() -> cache.synchronous().invalidate(workspaceId))
                .replaceWith(new EmbedSettings(frameAncestors));
    }

    /**
     * The workspace's frame ancestors as a CSP source list, from the cache or loaded without blocking
     * (completed at once on a hit).
     */
    CompletableFuture<String> frameAncestors(long workspaceId) {
        return cache.get(
                workspaceId,
                (id, executor) -> repository
                        .frameAncestors(id)
                        .map(list -> list == null ? defaultFrameAncestors() : String.join(" ", list))
                        .subscribeAsCompletionStage());
    }

    /** The entries normalised (lower case, default port left out, duplicates dropped), or a 400 naming them. */
    static List<String> validate(EmbedSettings body) {
        if (body == null || body.frameAncestors() == null) {
            throw ApiException.invalid(
                    "frameAncestors", "is required: a list of origins such as https://app.example.com, or [\"*\"]");
        }
        List<String> values = body.frameAncestors();
        if (values.isEmpty()) {
            throw ApiException.invalid("frameAncestors", "must list at least one origin, or be [\"*\"]");
        }
        if (values.size() > MAX_FRAME_ANCESTORS) {
            throw ApiException.invalid("frameAncestors", "must list at most " + MAX_FRAME_ANCESTORS + " origins");
        }
        List<ApiError.Detail> problems = new ArrayList<>();
        List<String> normalised = new ArrayList<>();
        for (int i = 0; i < values.size(); i++) {
            String value = values.get(i);
            String field = "frameAncestors[" + i + "]";
            if ("*".equals(value)) {
                if (values.size() != 1) {
                    problems.add(
                            new ApiError.Detail(field, "* must be the only value: it lets any site frame the pages"));
                }
                normalised.add("*");
                continue;
            }
            String origin = origin(value);
            if (origin == null) {
                problems.add(
                        new ApiError.Detail(
                                field,
                                "must be an origin such as https://app.example.com "
                                        + "(https, host and optional port; http only for localhost or 127.0.0.1; no path or wildcard), or *"));
            } else if (!normalised.contains(origin)) {
                normalised.add(origin);
            }
        }
        if (!problems.isEmpty()) {
            throw ApiException.invalid(problems);
        }
        return List.copyOf(normalised);
    }

    /** {@code scheme://host[:port]} as browsers serialise an origin, or null when the value is not one. */
    static String origin(String value) {
        if (value == null || value.length() > 300) {
            return null;
        }
        Matcher m = ORIGIN.matcher(value.strip().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            return null;
        }
        boolean https = m.group("https") != null;
        String host = https ? m.group("host") : m.group("local");
        String port = https ? m.group("port") : m.group("localPort");
        if (port != null) {
            int p = Integer.parseInt(port);
            if (p < 1 || p > 65535) {
                return null;
            }
            port = https && p == 443 || !https && p == 80 ? null : Integer.toString(p);
        }
        return (https ? "https" : "http") + "://" + host + (port == null ? "" : ":" + port);
    }
}
