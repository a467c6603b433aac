package org.courseplatform.platform.testing;

import static com.tngtech.archunit.core.domain.JavaCall.Predicates.target;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.assignableTo;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.properties.HasName.Predicates.nameMatching;
import static com.tngtech.archunit.core.domain.properties.HasOwner.Predicates.With.owner;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.dependencies.SliceRule;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The package rules every service keeps (docs/architecture.md, "Package rules"), checked by
 * ArchUnit on the service's main classes. A feature package is a package one level below the
 * service's root package ({@code org.courseplatform.courses.player}). A service's test extends
 * this class and names its root package, and the dependencies it still has that the rules forbid
 * ({@link #knownRepositoryUses()}, {@link #knownFeatureDependencies()}): a new one fails the
 * test, and so does a listed one that is gone, so the lists only shrink.
 */
public abstract class ArchitectureContract {

    private static final String SQL_CALLS = "query|preparedQuery|createNativeQuery|createSelectionQuery"
            + "|createMutationQuery|createQuery|createNamedQuery";

    /** The service's root package, e.g. {@code org.courseplatform.courses}. */
    protected abstract String rootPackage();

    /**
     * Uses of another feature package's {@code *Repository} still allowed, as
     * {@code "<from feature> -> <to feature>.<Repository>"}; empty by default.
     */
    protected Set<String> knownRepositoryUses() {
        return Set.of();
    }

    /**
     * Dependencies between feature packages left out of the cycle check, as
     * {@code "<from feature> -> <to feature>"}: each one closes a cycle that is still there.
     */
    protected Set<String> knownFeatureDependencies() {
        return Set.of();
    }

    private JavaClasses classes;

    protected JavaClasses classes() {
        if (classes == null) {
            classes = new ClassFileImporter()
                    .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                    .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
                    .importPackages(rootPackage());
        }
        return classes;
    }

    /**
     * A feature reaches another feature's storage only through that feature's services or ports:
     * its repositories are its own. Listed known uses must still occur.
     */
    @Test
    void aFeatureUsesOnlyItsOwnRepositories() {
        Map<String, Set<String>> found = new TreeMap<>();
        for (JavaClass from : classes()) {
            String fromFeature = feature(from);
            for (Dependency dependency : from.getDirectDependenciesFromSelf()) {
                JavaClass to = dependency.getTargetClass().getBaseComponentType();
                String toFeature = feature(to);
                if (toFeature == null
                        || toFeature.equals(fromFeature)
                        || !to.getSimpleName().endsWith("Repository")) {
                    continue;
                }
                found.computeIfAbsent(fromFeature + " -> " + toFeature + "." + to.getSimpleName(), k -> new TreeSet<>())
                        .add(dependency.getDescription());
            }
        }
        StringBuilder problems = new StringBuilder();
        found.forEach((use, where) -> {
            if (!knownRepositoryUses().contains(use)) {
                problems.append("\n- ").append(use).append(" (new):");
                where.forEach(w -> problems.append("\n    ").append(w));
            }
        });
        for (String known : new TreeSet<>(knownRepositoryUses())) {
            if (!found.containsKey(known)) {
                problems.append("\n- ").append(known).append(" is gone: remove it from knownRepositoryUses()");
            }
        }
        if (!problems.isEmpty()) {
            throw new AssertionError("A feature package uses another one's repository:" + problems);
        }
    }

    /**
     * Feature packages depend on each other without cycles, leaving out the listed known
     * dependencies, each of which must still exist.
     */
    @Test
    void featurePackagesHaveNoCycles() {
        SliceRule rule = slices().matching(rootPackage() + ".(*)..").should().beFreeOfCycles();
        StringBuilder gone = new StringBuilder();
        for (String known : new TreeSet<>(knownFeatureDependencies())) {
            String[] ends = known.split(" -> ");
            String from = rootPackage() + "." + ends[0] + "..";
            String to = rootPackage() + "." + ends[1] + "..";
            rule = rule.ignoreDependency(resideInAPackage(from), resideInAPackage(to));
            boolean exists = classes().stream()
                    .filter(c -> c.getPackageName().startsWith(rootPackage() + "." + ends[0]))
                    .flatMap(c -> c.getDirectDependenciesFromSelf().stream())
                    .anyMatch(d -> resideInAPackage(to).test(d.getTargetClass()));
            if (!exists) {
                gone.append("\n- ").append(known).append(" is gone: remove it from knownFeatureDependencies()");
            }
        }
        if (!gone.isEmpty()) {
            throw new AssertionError("A known dependency between feature packages no longer exists:" + gone);
        }
        rule.check(classes());
    }

    /**
     * SQL lives in repositories: no other class of the service runs a statement on the Vert.x SQL
     * client or a Hibernate session.
     */
    @Test
    void onlyRepositoriesRunSql() {
        noClasses()
                .that()
                .resideInAPackage(rootPackage() + "..")
                .and()
                .haveNameNotMatching(".*Repository(\\$.*)?")
                .should()
                .callMethodWhere(target(nameMatching(SQL_CALLS))
                        .and(target(owner(assignableTo("io.vertx.mutiny.sqlclient.SqlClient")
                                .or(assignableTo("io.vertx.sqlclient.SqlClient"))
                                .or(assignableTo("org.hibernate.reactive.mutiny.Mutiny$Session"))))))
                .because("SQL belongs in a feature package's *Repository classes (docs/architecture.md)")
                .check(classes());
    }

    /** The feature package of a class of this service (first package below the root), or null for another's. */
    private String feature(JavaClass type) {
        String root = rootPackage() + ".";
        String name = type.getPackageName();
        if (!name.startsWith(root)) {
            return null;
        }
        String rest = name.substring(root.length());
        int dot = rest.indexOf('.');
        return dot < 0 ? rest : rest.substring(0, dot);
    }
}
