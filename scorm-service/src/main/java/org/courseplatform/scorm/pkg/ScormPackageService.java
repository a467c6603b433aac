package org.courseplatform.scorm.pkg;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.courseplatform.platform.web.ApiException;

/** Hosted packages of a workspace. */
@ApplicationScoped
public class ScormPackageService {

    private final ScormPackageRepository packages;
    private final ObjectMapper mapper;

    public ScormPackageService(ScormPackageRepository packages, ObjectMapper mapper) {
        this.packages = packages;
        this.mapper = mapper;
    }

    /** The package's status; another workspace's package is as unknown as a missing one. */
    @WithSession
    public Uni<PackageStatus> status(long workspaceId, long courseId) {
        return packages.findById(courseId)
                .map(p -> p == null || p.workspaceId != workspaceId ? null : p)
                .onItem().ifNull().failWith(() -> ApiException.notFound("No SCORM package for course " + courseId))
                .map(this::view);
    }

    private PackageStatus view(ScormPackage p) {
        try {
            return new PackageStatus(p.courseId, p.status, p.title, p.version,
                    p.launch == null ? null : mapper.readTree(p.launch), p.error, p.errorCode);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored launch of package " + p.courseId + " is not JSON", e);
        }
    }
}
