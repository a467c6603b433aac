package org.courseplatform.courses.screen;

import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;

@ApplicationScoped
public class LibraryScreenRepository implements PanacheRepositoryBase<LibraryScreen, Long> {
}
