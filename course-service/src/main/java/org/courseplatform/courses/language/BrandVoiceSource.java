package org.courseplatform.courses.language;

import io.smallrye.mutiny.Uni;
import java.util.Optional;

/**
 * Where the effective brand voice of a course's workspace and tenant comes from (the tenant's
 * override, else the workspace's): {@link WorkspaceBrandVoice}.
 */
public interface BrandVoiceSource {

    Uni<Optional<WritingVoice>> voiceOf(long workspaceId, String clientIdentifier);
}
