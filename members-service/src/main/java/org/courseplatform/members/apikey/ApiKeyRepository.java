package org.courseplatform.members.apikey;

import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

@ApplicationScoped
public class ApiKeyRepository implements PanacheRepositoryBase<ApiKey, Long> {

    Uni<List<ApiKey>> byPrefix(String prefix) {
        return list("keyPrefix", prefix);
    }

    Uni<List<ApiKey>> ofWorkspace(long workspaceId) {
        return list("workspaceId = ?1 order by id", workspaceId);
    }
}
