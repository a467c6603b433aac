package org.courseplatform.webhooks.event;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.courseplatform.platform.events.EventType;
import org.courseplatform.platform.events.Events;
import org.courseplatform.platform.events.Topics;
import org.courseplatform.platform.testing.RepoRoot;
import org.junit.jupiter.api.Test;

/**
 * What a tenant can subscribe to is what the platform emits: the subscribable list is the event
 * catalogue's, and every catalogue entry is written by the main code of the one service that
 * writes its topic. A type added to the catalogue (subscribable or not) without an emitter fails
 * here, and so does a type name spelt out as a string in a service instead of taken from the catalogue.
 */
class EventCatalogueTest {

    /** Each topic's one writer (DESIGN.md, Events). */
    private static final Map<String, String> WRITER = Map.of(
            Topics.MEMBER_EVENTS,
            "members-service",
            Topics.COURSE_EVENTS,
            "course-service",
            Topics.SCORM_EVENTS,
            "scorm-service",
            Topics.MIGRATION_EVENTS,
            "migration-service");

    private static final List<String> SERVICES = List.of(
            "members-service",
            "course-service",
            "scorm-service",
            "migration-service",
            "agent-gateway",
            "webhook-dispatcher");
    /** {@code Events.X} used as a value (passed to the outbox or to a service's own emit), not {@code Events.X.is(…)}. */
    private static final Pattern WRITTEN = Pattern.compile("\\bEvents\\.([A-Z][A-Z0-9_]*)\\b(?!\\s*\\.)");

    @Test
    void theSubscribableListIsTheCatalogues() {
        assertThat(SubscribableEvents.NAMES).isSameAs(Events.subscribableNames());
        for (EventType<?> type : Events.ALL) {
            assertThat(SubscribableEvents.isSubscribable(type.name()))
                    .as("%s", type)
                    .isEqualTo(type.subscribable());
        }
        assertThat(SubscribableEvents.isSubscribable("member.created")).isFalse();
        assertThat(SubscribableEvents.isSubscribable(null)).isFalse();
    }

    @Test
    void everyCatalogueEntryIsWrittenByTheServiceThatWritesItsTopic() throws IllegalAccessException {
        Map<String, Set<String>> writers = new TreeMap<>();
        for (String service : SERVICES) {
            for (String source : sources(service)) {
                Matcher m = WRITTEN.matcher(source);
                while (m.find()) {
                    writers.computeIfAbsent(m.group(1), k -> new TreeSet<>()).add(service);
                }
            }
        }
        Map<String, EventType<?>> entries = entries();
        assertThat(entries).hasSameSizeAs(Events.ALL);
        assertThat(entries.keySet()).as("every reference names an entry").containsAll(writers.keySet());
        List<String> problems = new ArrayList<>();
        entries.forEach((constant, type) -> {
            Set<String> by = writers.getOrDefault(constant, Set.of());
            if (!by.equals(Set.of(WRITER.get(type.topic())))) {
                problems.add("Events." + constant + " (" + type + ") is written by " + by + ", expected only by "
                        + WRITER.get(type.topic()));
            }
        });
        assertThat(problems).isEmpty();
    }

    @Test
    void noServiceSpellsOutAnEventTypeName() {
        List<String> problems = new ArrayList<>();
        for (String service : SERVICES) {
            for (String source : sources(service)) {
                for (String name : Events.names()) {
                    if (source.contains("\"" + name + "\"")) {
                        problems.add(service + ": \"" + name + "\" in "
                                + source.lines()
                                        .filter(l -> l.startsWith("public ") || l.contains(" class "))
                                        .findFirst()
                                        .orElse("?"));
                    }
                }
            }
        }
        assertThat(problems).as("type names come from the catalogue (Events)").isEmpty();
    }

    @Test
    void theScanFindsWrittenEntriesAndSkipsRecognisedOnes() {
        assertThat(written("outbox.add(Events.COURSE_CREATED, id, ws, mode, data)"))
                .containsExactly("COURSE_CREATED");
        assertThat(written("emit(passed ? Events.QUIZ_COMPLETED : Events.QUIZ_FAILED, x)"))
                .containsExactly("QUIZ_COMPLETED", "QUIZ_FAILED");
        assertThat(written("boolean deleted = Events.COURSE_DELETED.is(event);"))
                .isEmpty();
        assertThat(written("Events.COURSE_CREATED.name().equals(type)")).isEmpty();
        assertThat(written("CourseEvents.COURSE_CREATED, Events.subscribableNames()"))
                .isEmpty();
    }

    private static List<String> written(String source) {
        List<String> found = new ArrayList<>();
        Matcher m = WRITTEN.matcher(source);
        while (m.find()) {
            found.add(m.group(1));
        }
        return found;
    }

    /** The catalogue's constants by name. */
    private static Map<String, EventType<?>> entries() throws IllegalAccessException {
        Map<String, EventType<?>> entries = new TreeMap<>();
        for (Field field : Events.class.getFields()) {
            if (Modifier.isStatic(field.getModifiers()) && field.getType() == EventType.class) {
                entries.put(field.getName(), (EventType<?>) field.get(null));
            }
        }
        return entries;
    }

    private static List<String> sources(String service) {
        Path main = RepoRoot.find().resolve(service).resolve("src/main/java");
        assertThat(main).as("sources of " + service).isDirectory();
        try (Stream<Path> files = Files.walk(main)) {
            return files.filter(f -> f.toString().endsWith(".java"))
                    .map(f -> {
                        try {
                            return Files.readString(f);
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    })
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
