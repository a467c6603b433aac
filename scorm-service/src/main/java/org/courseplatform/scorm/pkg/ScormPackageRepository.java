package org.courseplatform.scorm.pkg;

import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;

@ApplicationScoped
public class ScormPackageRepository implements PanacheRepositoryBase<ScormPackage, Long> {
}
