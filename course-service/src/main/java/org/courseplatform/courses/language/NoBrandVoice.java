package org.courseplatform.courses.language;

import io.quarkus.arc.DefaultBean;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Optional;

/** No brand voice: used when no other {@link BrandVoiceSource} bean exists. */
@DefaultBean
@ApplicationScoped
public class NoBrandVoice implements BrandVoiceSource {

    @Override
    public Uni<Optional<BrandVoice>> voiceOf(long workspaceId, String clientIdentifier) {
        return Uni.createFrom().item(Optional.empty());
    }
}
