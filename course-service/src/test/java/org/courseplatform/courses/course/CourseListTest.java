package org.courseplatform.courses.course;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import org.courseplatform.platform.testing.TestKeys;
import org.junit.jupiter.api.Test;

/**
 * The course list's pages and totals as the reads without a session produce them: the totals of
 * unfiltered lists come from the tenant counters (migration V15), so every kind of write (API
 * calls, and multi-row SQL statements that insert, move between tenants, bin and delete) must
 * leave them equal to a count of the rows; a page cut from the covering index must be the rows
 * an offset over the whole ordered list would give.
 */
@QuarkusTest
class CourseListTest {

    @Inject
    Pool pool;

    @Test
    void totalsEqualTheRowsAfterEveryKindOfWrite() {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.header(ws, "build", "", "", "live");
        List<Long> t1 = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            t1.add(create(key, "Course " + i, "t1"));
        }
        create(key, "Other tenant", "t2");
        create(key, "Default tenant", null);
        assertTotals(key, ws);

        as(key).delete("/v1/headless/course/" + t1.get(0)).then().statusCode(200);
        as(key).delete("/v1/headless/course/" + t1.get(1)).then().statusCode(200);
        assertTotals(key, ws);
        as(key).post("/v1/headless/course/" + t1.get(1) + "/restore").then().statusCode(200);
        assertTotals(key, ws);

        // Statements of many rows: the counters move by whole groups, not one row at a time.
        sql("""
                insert into course (workspace_id, client_identifier, identifier, type, format, title, course_key, thumbnail_token,
                    deleted, draft)
                select $1, case g % 3 when 0 then null when 1 then 't1' else 't3' end, 'bulk', 'course', 'builder2',
                       'Bulk ' || g, 'BULK' || $1 || '-' || g, md5('list' || $1 || '-' || g), g % 7 = 0, '{}'::jsonb
                from generate_series(1, 250) g""", ws);
        assertTotals(key, ws);
        sql(
                "update course set client_identifier = 't2', deleted = not deleted where workspace_id = $1 and title like 'Bulk 1%'",
                ws);
        assertTotals(key, ws);
        sql("update course set title = title || '!' where workspace_id = $1", ws); // moves nothing
        assertTotals(key, ws);
        sql("delete from course where workspace_id = $1 and client_identifier is null and title like 'Bulk%'", ws);
        assertTotals(key, ws);
        // A session with another search_path (a bulk load by another role) is counted too.
        pool.withTransaction(c -> c.query("set local search_path to public")
                        .execute()
                        .chain(() -> c.preparedQuery(
                                        "insert into courses.course (workspace_id, client_identifier, identifier, type, format, title, course_key, "
                                                + "thumbnail_token, draft) values ($1, 't1', 'other-path', 'course', 'builder2', 'Elsewhere', "
                                                + "$2, md5($2), '{}'::jsonb)")
                                .execute(Tuple.of(ws, "ELSEWHERE" + ws))))
                .await()
                .indefinitely();
        assertTotals(key, ws);
        assertThat(list(key, "length=0").header("X-Total-Count"))
                .isEqualTo(Long.toString(count(ws, false, null, true)));
    }

    @Test
    void pagesAreTheOffsetsOfTheWholeOrderedListAtEveryDepth() {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.header(ws, "build", "", "", "live");
        sql("""
                insert into course (workspace_id, client_identifier, identifier, type, format, title, course_key, thumbnail_token,
                    deleted, draft)
                select $1, 't' || (g % 2), 'author-' || (g % 5), 'course', 'builder2', 'Page ' || g || case when g % 10 = 0 then ' 50%_off' else '' end,
                       'PAGE' || $1 || '-' || g, md5('page' || $1 || '-' || g), g % 9 = 0, '{}'::jsonb
                from generate_series(1, 333) g""", ws);
        List<Long> expected = ids("select id from course where workspace_id = $1 and not deleted order by id", ws);
        List<Long> paged = new ArrayList<>();
        for (int page = 0; page < 5; page++) {
            Response r = list(key, "length=100&page=" + page);
            assertThat(r.header("X-Total-Count")).isEqualTo(Integer.toString(expected.size()));
            paged.addAll(r.jsonPath().getList("id", Long.class));
        }
        assertThat(paged).isEqualTo(expected);

        // Filters count the rows they match, and page them the same way.
        List<Long> t1Author = ids(
                "select id from course where workspace_id = $1 and not deleted and client_identifier = 't1' "
                        + "and identifier = 'author-3' order by id",
                ws);
        Response filtered = list(key, "clientIdentifier=t1&identifier=author-3&length=7&page=1");
        assertThat(filtered.header("X-Total-Count")).isEqualTo(Integer.toString(t1Author.size()));
        assertThat(filtered.jsonPath().getList("id", Long.class))
                .isEqualTo(t1Author.subList(7, Math.min(14, t1Author.size())));
        List<Long> sale =
                ids("select id from course where workspace_id = $1 and title like '%50\\%\\_off%' order by id", ws);
        Response titled = list(key, "title=50%25_OFF&deleted=true&length=1000");
        assertThat(titled.header("X-Total-Count")).isEqualTo(Integer.toString(sale.size()));
        assertThat(titled.jsonPath().getList("id", Long.class)).isEqualTo(sale);
        Response beyond = list(key, "length=100&page=40");
        assertThat(beyond.jsonPath().getList("id")).isEmpty();
        assertThat(beyond.header("X-Total-Count")).isEqualTo(Integer.toString(expected.size()));
    }

    @Test
    void rememberedPageStartsFollowEveryWriteThatMovesAList() {
        long ws = TestKeys.newWorkspace();
        String key = TestKeys.header(ws, "build", "", "", "live");
        sql("""
                insert into course (workspace_id, client_identifier, identifier, type, format, title, course_key, thumbnail_token,
                    deleted, draft)
                select $1, 't' || (g % 2), 'author-' || (g % 3), 'course', 'builder2', 'Keyset ' || g || case when g % 4 = 0 then ' blue' else '' end,
                       'KEYSET' || $1 || '-' || g, md5('keyset' || $1 || '-' || g), g % 11 = 0, '{}'::jsonb
                from generate_series(1, 240) g""", ws);
        // Every list is read deep first and then again after each write, so the starts remembered
        // at one revision are tried against the next.
        assertEveryPage(key, ws);
        sql(
                "delete from course where workspace_id = $1 and id in (select id from course where workspace_id = $1 "
                        + "order by id limit 7 offset 20)",
                ws);
        assertEveryPage(key, ws);
        sql("update course set deleted = not deleted where workspace_id = $1 and title like 'Keyset 3%'", ws);
        assertEveryPage(key, ws);
        sql("update course set client_identifier = 't9' where workspace_id = $1 and title like 'Keyset 5%'", ws);
        assertEveryPage(key, ws);
        sql("update course set identifier = 'author-9' where workspace_id = $1 and title like 'Keyset 6%'", ws);
        assertEveryPage(key, ws);
        sql("update course set title = title || ' blue' where workspace_id = $1 and title like 'Keyset 7%'", ws);
        assertEveryPage(key, ws);
        sql("update course set description = 'unlisted' where workspace_id = $1", ws); // moves no list
        assertEveryPage(key, ws);
        as(key).delete("/v1/headless/course/"
                        + ids("select id from course where workspace_id = $1 and not deleted order by id limit 1", ws)
                                .get(0))
                .then()
                .statusCode(200);
        create(key, "Keyset new blue", "t1");
        assertEveryPage(key, ws);
    }

    /** Every page, deepest first, of a few lists equals the rows an offset over the ordered list gives. */
    private void assertEveryPage(String key, long ws) {
        String[][] lists = {
            {"", "not deleted"},
            {"deleted=true&", "true"},
            {"clientIdentifier=t1&", "not deleted and client_identifier = 't1'"},
            {"identifier=author-1&", "not deleted and identifier = 'author-1'"},
            {"title=BLUE&", "not deleted and lower(title) like '%blue%'"},
        };
        for (String[] list : lists) {
            List<Long> expected =
                    ids("select id from course where workspace_id = $1 and " + list[1] + " order by id", ws);
            for (int length : new int[] {4, 50}) {
                int pages = expected.size() / length + 1;
                for (int page = pages; page >= 0; page--) {
                    Response r = list(key, list[0] + "length=" + length + "&page=" + page);
                    assertThat(r.header("X-Total-Count")).as(list[0]).isEqualTo(Integer.toString(expected.size()));
                    int from = Math.min(page * length, expected.size());
                    assertThat(r.jsonPath().getList("id", Long.class))
                            .as(list[0] + "length=" + length + "&page=" + page)
                            .isEqualTo(expected.subList(from, Math.min(from + length, expected.size())));
                }
            }
        }
    }

    private void assertTotals(String key, long ws) {
        for (String tenant : new String[] {null, "t1", "t2", "t3"}) {
            for (boolean deleted : new boolean[] {false, true}) {
                String query =
                        (tenant == null ? "" : "clientIdentifier=" + tenant + "&") + "deleted=" + deleted + "&length=1";
                assertThat(list(key, query).header("X-Total-Count"))
                        .as(query)
                        .isEqualTo(Long.toString(count(ws, deleted, tenant, tenant == null)));
            }
        }
    }

    private long count(long ws, boolean withDeleted, String tenant, boolean anyTenant) {
        Row row = pool.preparedQuery("select count(*) from course where workspace_id = $1 and ($2 or not deleted) "
                        + "and ($3 or client_identifier = $4)")
                .execute(Tuple.of(ws, withDeleted, anyTenant, tenant))
                .await()
                .indefinitely()
                .iterator()
                .next();
        return row.getLong(0);
    }

    private List<Long> ids(String sql, long ws) {
        List<Long> ids = new ArrayList<>();
        for (Row row : pool.preparedQuery(sql).execute(Tuple.of(ws)).await().indefinitely()) {
            ids.add(row.getLong(0));
        }
        return ids;
    }

    private void sql(String sql, long ws) {
        pool.preparedQuery(sql).execute(Tuple.of(ws)).await().indefinitely();
    }

    private static long create(String key, String title, String tenant) {
        String body = "{\"title\":\"" + title + "\",\"identifier\":\"author-1\""
                + (tenant == null ? "" : ",\"clientIdentifier\":\"" + tenant + "\"") + "}";
        return as(key).body(body)
                .post("/v1/headless/courses")
                .then()
                .statusCode(201)
                .extract()
                .jsonPath()
                .getLong("id");
    }

    private static Response list(String key, String query) {
        Response r = as(key).urlEncodingEnabled(false).get("/v1/headless/courses?" + query);
        r.then().statusCode(200);
        return r;
    }

    private static RequestSpecification as(String key) {
        return given().header("Authorization", key).contentType(ContentType.JSON);
    }
}
