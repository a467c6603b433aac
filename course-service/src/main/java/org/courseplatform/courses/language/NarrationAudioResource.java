package org.courseplatform.courses.language;

import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.PermitAll;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Response;
import java.time.Duration;
import org.courseplatform.platform.web.ApiException;
import org.courseplatform.platform.web.Workers;

/**
 * Serves narration audio without credentials, so the player's {@code <audio>} plays it: the URL's
 * token is unguessable and names one recording, so it is cached for good.
 */
@Path("/v1/headless/narration-audio")
@PermitAll
public class NarrationAudioResource {

    private final NarrationRepository scripts;
    private final NarrationStore store;

    public NarrationAudioResource(NarrationRepository scripts, NarrationStore store) {
        this.scripts = scripts;
        this.store = store;
    }

    @GET
    @Path("/{token}.wav")
    public Uni<Response> get(@PathParam("token") String token) {
        if (!token.matches("[0-9a-f]{32}")) {
            throw ApiException.notFound("No such narration audio");
        }
        return scripts.audio(token)
                .ifNoItem()
                .after(Duration.ofSeconds(5))
                .fail()
                .chain(audio -> {
                    if (audio == null) {
                        throw ApiException.notFound("No such narration audio");
                    }
                    return Workers.call(() -> store.get(audio[0])
                            .map(bytes -> Response.ok(bytes, audio[1])
                                    .header("Cache-Control", "public, max-age=31536000, immutable")
                                    .build())
                            .orElseThrow(() -> ApiException.notFound("No such narration audio")));
                });
    }
}
