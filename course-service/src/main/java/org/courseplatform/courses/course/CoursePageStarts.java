package org.courseplatform.courses.course;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.List;

/**
 * Where the pages of a course list start, remembered per list (workspace, filter, page length)
 * and revision of the workspace's list (migration V22), so that a deep page is a keyset read
 * from the id it follows rather than an offset walking every entry before it. What is remembered
 * is only used once the statement reading the page has seen the same revision; a stale entry is
 * replaced, never trusted. Bounded by the number of ids held, and forgotten when unused.
 */
@ApplicationScoped
public class CoursePageStarts {

    /** At most this many page starts per list: pages past them walk on from the last one. */
    static final int MAX_STARTS = 100_000;

    private final Cache<Key, Starts> lists = Caffeine.newBuilder()
            .maximumWeight(2_000_000) // ids, about 16 MB
            .weigher((Key key, Starts starts) -> 1 + (starts.ends() == null ? 0 : starts.ends().length))
            .expireAfterAccess(Duration.ofMinutes(10))
            .build();

    /** One list: the conditions and their arguments as {@link CourseReadRepository} writes them. */
    record Key(long workspaceId, String where, List<Object> args, int length) {}

    /**
     * A list at one revision: its total and, when read, the id of the last course of each full
     * page ({@code ends[i]} ends page i), at most {@link #MAX_STARTS}; null when only the total is known.
     */
    record Starts(long revision, long total, long[] ends) {}

    Starts get(Key key) {
        return lists.getIfPresent(key);
    }

    void put(Key key, Starts starts) {
        lists.put(key, starts);
    }

    void forget(Key key) {
        lists.invalidate(key);
    }
}
