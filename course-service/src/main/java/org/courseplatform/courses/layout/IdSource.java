package org.courseplatform.courses.layout;

import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Makes the ids of new screens, elements, answers and groups. The caller decides how ids look
 * (and guarantees they are unique in the course), so the catalogue stays free of storage concerns.
 */
@FunctionalInterface
public interface IdSource {

    String SCREEN = "screen";
    String ELEMENT = "element";
    String ANSWER = "answer";
    String GROUP = "group";

    /** A new id; {@code prefix} is one of {@link #SCREEN}, {@link #ELEMENT}, {@link #ANSWER}, {@link #GROUP}. */
    String next(String prefix);

    /** Ids like {@code screen-3f2a…}: unique anywhere, the right choice for stored courses. */
    static IdSource uuid() {
        return prefix -> prefix + "-" + UUID.randomUUID();
    }

    /** Ids like {@code screen-1}, {@code element-1}, {@code element-2}: predictable, for tests and previews. */
    static IdSource sequential() {
        Map<String, AtomicLong> counters = new ConcurrentHashMap<>();
        return prefix -> prefix + "-"
                + counters.computeIfAbsent(prefix, p -> new AtomicLong()).incrementAndGet();
    }
}
