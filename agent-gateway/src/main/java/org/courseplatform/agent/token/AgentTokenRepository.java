package org.courseplatform.agent.token;

import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.UUID;

@ApplicationScoped
public class AgentTokenRepository implements PanacheRepositoryBase<AgentToken, UUID> {}
