package org.courseplatform.courses.language;

import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Optional;
import org.courseplatform.courses.brandvoice.BrandVoiceService;
import org.courseplatform.courses.brandvoice.BrandVoiceView;

/**
 * The brand voice a translation or narration is written in: the course's tenant's override, else
 * its workspace's (docs/brand-voice.md), as {@link BrandVoiceService#effective} decides for the API.
 */
@ApplicationScoped
public class WorkspaceBrandVoice implements BrandVoiceSource {

    private final BrandVoiceService voices;

    public WorkspaceBrandVoice(BrandVoiceService voices) {
        this.voices = voices;
    }

    @Override
    public Uni<Optional<WritingVoice>> voiceOf(long workspaceId, String clientIdentifier) {
        return voices.effective(workspaceId, clientIdentifier).map(WorkspaceBrandVoice::of);
    }

    static Optional<WritingVoice> of(BrandVoiceView view) {
        if (!view.set()) {
            return Optional.empty();
        }
        return Optional.of(new WritingVoice(
                view.name(),
                view.tone(),
                view.audience(),
                view.dos(),
                view.donts(),
                view.vocabulary().stream()
                        .map(t -> new WritingVoice.Term(t.term(), t.note()))
                        .toList()));
    }
}
