package org.courseplatform.members.workspace;

import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;

@ApplicationScoped
public class WorkspaceRepository implements PanacheRepositoryBase<Workspace, Long> {}
