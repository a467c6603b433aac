package org.courseplatform.members;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import org.courseplatform.platform.web.Paged;
import org.hibernate.reactive.mutiny.Mutiny;

/**
 * Native-query helpers the feature repositories share (member, enrolment, group): paging with a
 * total, ordinal parameters, timestamp columns. They belong to no feature, so they live in the
 * root package: a feature repository using them reaches into no other feature's storage.
 */
public final class NativeQueryRepository {

    private NativeQueryRepository() {}

    /**
     * A page of {@code select} (ordered, parameters ?1..?n) with the total from {@code count}
     * (parameters {@code countParams}).
     */
    public static Uni<Paged<Object[]>> countedPage(
            String select, String count, List<Object> countParams, List<Object> params, int page, int size) {
        int limitAt = params.size() + 1;
        return Panache.getSession()
                .chain(session -> bind(session.createNativeQuery(count, Long.class), countParams)
                        .getSingleResult()
                        .chain(total -> bind(
                                        session.createNativeQuery(
                                                select + " limit ?" + limitAt + " offset ?" + (limitAt + 1),
                                                Object[].class),
                                        params)
                                .setParameter(limitAt, size)
                                .setParameter(limitAt + 1, Paged.offset(page, size))
                                .getResultList()
                                .map(rows -> new Paged<>(rows, total))));
    }

    /** Where {@link #windowedPage} puts the page's limit and offset; without it they go at the end. */
    public static final String PAGE = " /*page*/";

    /**
     * A page of {@code select}, whose last column is {@code count(*) over ()}: one query gives
     * the rows and the total. Only a page past the end (or of size 0) needs {@code count}.
     */
    public static Uni<Paged<Object[]>> windowedPage(
            String select, String count, List<Object> params, int page, int size) {
        int limitAt = params.size() + 1;
        String paging = " limit ?" + limitAt + " offset ?" + (limitAt + 1);
        String sql = select.contains(PAGE) ? select.replace(PAGE, paging) : select + paging;
        return Panache.getSession()
                .chain(session -> bind(session.createNativeQuery(sql, Object[].class), params)
                        .setParameter(limitAt, size)
                        .setParameter(limitAt + 1, Paged.offset(page, size))
                        .getResultList()
                        .chain(rows -> {
                            if (!rows.isEmpty()) {
                                long total = ((Number) rows.get(0)[rows.get(0).length - 1]).longValue();
                                return Uni.createFrom().item(new Paged<>(rows, total));
                            }
                            return bind(session.createNativeQuery(count, Long.class), params)
                                    .getSingleResult()
                                    .map(total -> new Paged<Object[]>(List.of(), total));
                        }));
    }

    /** Binds ordinal parameters ?1..?n in order. */
    public static <Q extends Mutiny.SelectionQuery<?>> Q bind(Q query, List<Object> params) {
        for (int i = 0; i < params.size(); i++) {
            query.setParameter(i + 1, params.get(i));
        }
        return query;
    }

    /** A timestamp column as UTC, whichever Java type the driver answered with; null stays null. */
    public static OffsetDateTime time(Object value) {
        if (value instanceof OffsetDateTime t) {
            return t;
        }
        if (value instanceof Instant i) {
            return i.atOffset(ZoneOffset.UTC);
        }
        if (value instanceof Timestamp ts) {
            return ts.toInstant().atOffset(ZoneOffset.UTC);
        }
        return value == null ? null : OffsetDateTime.parse(value.toString());
    }
}
