package org.courseplatform.courses.thumbnail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.logging.Log;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import java.awt.Color;
import java.awt.image.BufferedImage;
import java.util.Optional;
import org.courseplatform.courses.thumbnail.ThumbnailRepository.Job;
import org.courseplatform.platform.events.JobLoop;
import org.courseplatform.platform.web.Workers;

/**
 * Renders queued thumbnail captures. Jobs are claimed with {@code FOR UPDATE SKIP LOCKED} under a
 * lease, so replicas share the work and a capture whose worker died is taken over when the lease
 * ends. Rendering and the S3 upload run on a worker thread, never on the event loop.
 */
@ApplicationScoped
public class ThumbnailWorker {

    private static final Color[] PALETTE = {
        new Color(0x1F6FEB),
        new Color(0x2DA44E),
        new Color(0x8250DF),
        new Color(0xBF3989),
        new Color(0xD1242F),
        new Color(0x9A6700),
        new Color(0x0F766E)
    };

    private final ThumbnailRepository thumbnails;
    private final ThumbnailStore store;
    private final ThumbnailConfig config;
    private final ObjectMapper mapper;
    private final ImageFetcher fetcher;
    private final JobLoop<Job> loop = new JobLoop<>("Thumbnail worker", this::claim, this::run, this::retry);

    public ThumbnailWorker(
            ThumbnailRepository thumbnails,
            ThumbnailStore store,
            ThumbnailConfig config,
            ObjectMapper mapper,
            Vertx vertx) {
        this.thumbnails = thumbnails;
        this.store = store;
        this.config = config;
        this.mapper = mapper;
        this.fetcher = new ImageFetcher(
                vertx,
                config.fetchTimeout(),
                config.fetchMaxBytes(),
                address -> config.fetchPrivateAddresses() || ImageFetcher.isPublicAddress(address));
    }

    @Scheduled(
            every = "${courses.thumbnail.poll-interval:1s}",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    Uni<Void> poll() {
        if (!config.workerEnabled()) {
            return Uni.createFrom().voidItem();
        }
        return loop.poll();
    }

    private Uni<Job> claim() {
        return thumbnails.claim(config.lease());
    }

    private Uni<Void> run(Job job) {
        long courseId = job.courseId();
        int revision = job.revision();
        return thumbnails
                .card(courseId)
                .chain(course -> Workers.call(() -> capture(courseId, revision, course)))
                .chain(() -> thumbnails.done(job.id()))
                .invoke(() -> Log.debugf(
                        "Thumbnail of course %s revision %s captured",
                        String.valueOf(courseId), String.valueOf(revision)))
                .replaceWithVoid();
    }

    private Uni<Void> retry(Job job, Throwable e) {
        Log.warnf(
                "Thumbnail of course %d revision %d failed (attempt %d): %s",
                job.courseId(), job.revision(), job.attempts(), e.toString());
        return thumbnails.retryOrFail(job.id(), String.valueOf(e.getMessage()), config.maxAttempts());
    }

    private Void capture(long courseId, int revision, ThumbnailRepository.Card course) {
        JsonNode draft = readDraft(course.draft());
        String type = course.type();
        Optional<BufferedImage> image = firstImageUrl(draft).flatMap(fetcher::fetch);
        String badge = "scorm".equals(type) ? "SCORM package" : null;
        byte[] jpeg = ThumbnailRenderer.render(new ThumbnailRenderer.Card(
                course.title(), subtitle(course), theme(draft, courseId), image.orElse(null), badge));
        store.put(courseId, revision, jpeg);
        return null;
    }

    private JsonNode readDraft(String json) {
        try {
            return json == null ? null : mapper.readTree(json);
        } catch (Exception e) {
            return null;
        }
    }

    private static String subtitle(ThumbnailRepository.Card course) {
        if ("scorm".equals(course.type())) {
            return "Hosted SCORM course";
        }
        int screens = course.screenCount();
        Integer minutes = course.timeEstimateMinutes();
        String text = screens + (screens == 1 ? " screen" : " screens");
        return minutes == null ? text : text + " · " + minutes + " min";
    }

    /** The document's theme colour when it names one, else a colour of the palette picked by id. */
    static Color theme(JsonNode draft, long courseId) {
        Color fallback = PALETTE[(int) Math.floorMod(courseId, (long) PALETTE.length)];
        if (draft == null) {
            return fallback;
        }
        for (String path :
                new String[] {"/theme/color", "/theme/colour", "/theme/primary", "/themeColor", "/colorPrimary"}) {
            JsonNode value = draft.at(path);
            if (value.isTextual()) {
                return ThumbnailRenderer.parseColour(value.asText(), fallback);
            }
        }
        return fallback;
    }

    /** The first image of the first screen that has one: the screen asset, else an image element. */
    static Optional<String> firstImageUrl(JsonNode draft) {
        if (draft == null) {
            return Optional.empty();
        }
        for (JsonNode screen : draft.path("screens")) {
            if (screen.path("asset").path("url").isTextual() && isImage(screen.path("asset"))) {
                return Optional.of(screen.path("asset").path("url").asText());
            }
            for (JsonNode element : screen.path("elements")) {
                if ("image".equals(element.path("type").asText())
                        && element.path("asset").path("url").isTextual()) {
                    return Optional.of(element.path("asset").path("url").asText());
                }
            }
        }
        for (JsonNode slide : draft.path("slides")) {
            if (slide.path("image").path("url").isTextual()) {
                return Optional.of(slide.path("image").path("url").asText());
            }
        }
        return Optional.empty();
    }

    private static boolean isImage(JsonNode asset) {
        String mime = asset.path("mime").asText("");
        return mime.isEmpty() || mime.startsWith("image/");
    }
}
