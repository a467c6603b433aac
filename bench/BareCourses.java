import io.vertx.core.AbstractVerticle;
import io.vertx.core.DeploymentOptions;
import io.vertx.core.Vertx;
import io.vertx.core.json.JsonObject;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.PgPool;
import io.vertx.sqlclient.PoolOptions;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.Tuple;

/**
 * The floor of GET /v1/headless/courses/{id} and of a page of GET /v1/headless/courses: a bare
 * Vert.x HTTP server that runs the same SQL with the reactive PostgreSQL client and writes the same
 * JSON fields, with no framework, no authentication and no validation. bench/course-get.sh and
 * bench/course-list.sh measure course-service against it.
 *
 * Usage: java -cp CLASSPATH bench/BareCourses.java PORT DATABASE WORKSPACE_ID BASE_URL
 */
public class BareCourses extends AbstractVerticle {

    static final String COLUMNS = "c.id, c.type, c.format, c.title, c.description, c.course_key, c.identifier,"
            + " c.client_identifier, c.folder_id, c.published, c.published_at, c.deleted, c.time_estimate_minutes,"
            + " c.thumbnail_token, c.thumbnail_revision, c.screen_count, c.created_at, c.updated_at";
    static final String SQL = "select " + COLUMNS + " from courses.course c where c.id = $1 and c.workspace_id = $2";
    /**
     * The statements course-service sends for an unfiltered page (CourseReadRepository): once, where
     * every page starts and the total (a walk of the list's index entries, with the list's revision);
     * then, for every page, the courses after the id the page follows, with the revision.
     */
    static final String REVISION = "coalesce((select revision from courses.course_list_revision where workspace_id = $1), 0)";
    static final String WHERE = "workspace_id = $1 and deleted = false";
    static final String STARTS = "select " + REVISION + ", count(*), coalesce(array_agg(id order by id) filter (where n % $2 = 0"
            + " and n <= $3), '{}') from (select id, row_number() over (order by id) as n from courses.course where " + WHERE + ") s";
    static final String PAGE = "select r.revision, r.total, " + COLUMNS + " from (select " + REVISION + " as revision,"
            + " null::bigint as total) r left join lateral (select " + COLUMNS + " from courses.course c where " + WHERE
            + " and (c.deleted, c.id) > (false, $2) order by c.id limit $3 offset $4) c on true order by c.id";

    /** Per page length: the total and the id each page follows, read once (the bench's list does not move). */
    record Starts(long total, long[] ends) {}

    static final java.util.Map<Integer, io.vertx.core.Future<Starts>> STARTED = new java.util.concurrent.ConcurrentHashMap<>();

    static int port;
    static String database;
    static long workspace;
    static String baseUrl;

    public static void main(String[] args) {
        port = Integer.parseInt(args[0]);
        database = args[1];
        workspace = Long.parseLong(args[2]);
        baseUrl = args[3];
        Vertx vertx = Vertx.vertx();
        // One verticle per event loop, as Quarkus runs its HTTP server (2 x cores).
        int instances = 2 * Runtime.getRuntime().availableProcessors();
        vertx.deployVerticle(BareCourses.class.getName(), new DeploymentOptions().setInstances(instances))
                .onSuccess(id -> System.out.println("bare handler listening on " + port + " (" + instances + " event loops)"))
                .onFailure(e -> {
                    e.printStackTrace();
                    System.exit(1);
                });
    }

    @Override
    public void start() {
        PgConnectOptions connect = new PgConnectOptions().setHost("127.0.0.1").setPort(5432).setDatabase(database)
                .setUser("postgres").setCachePreparedStatements(true);
        PgPool pool = PgPool.pool(vertx, connect, new PoolOptions().setMaxSize(20 / (2 * Runtime.getRuntime().availableProcessors()) + 1));
        vertx.createHttpServer().requestHandler(req -> {
            String path = req.path();
            if (path.endsWith("/courses")) {
                list(pool, req);
                return;
            }
            long id;
            try {
                id = Long.parseLong(path.substring(path.lastIndexOf('/') + 1));
            } catch (NumberFormatException e) {
                req.response().setStatusCode(400).end();
                return;
            }
            pool.preparedQuery(SQL).execute(Tuple.of(id, workspace)).onComplete(ar -> {
                if (ar.failed()) {
                    req.response().setStatusCode(500).end();
                    return;
                }
                if (ar.result().size() == 0) {
                    req.response().setStatusCode(404).end();
                    return;
                }
                req.response().putHeader("Content-Type", "application/json")
                        .end(json(ar.result().iterator().next()).toBuffer());
            });
        }).listen(port, "127.0.0.1");
    }

    /** A page of 100 (or ?length) at ?page, with X-Total-Count: one statement from the remembered page starts. */
    static void list(PgPool pool, io.vertx.core.http.HttpServerRequest req) {
        int length = Integer.parseInt(req.getParam("length", "100"));
        int page = Integer.parseInt(req.getParam("page", "0"));
        STARTED.computeIfAbsent(length, l -> pool.preparedQuery(STARTS)
                        .execute(Tuple.of(workspace, (long) l, (long) l * 100_000))
                        .map(rows -> {
                            Row row = rows.iterator().next();
                            Long[] ids = row.getArrayOfLongs(2);
                            long[] ends = new long[ids.length];
                            for (int i = 0; i < ids.length; i++) {
                                ends[i] = ids[i];
                            }
                            return new Starts(row.getLong(1), ends);
                        }))
                .compose(starts -> {
                    int end = Math.min(page - 1, starts.ends().length - 1);
                    long from = end < 0 ? Long.MIN_VALUE : starts.ends()[end];
                    int skip = (page - 1 - end) * length;
                    return pool.preparedQuery(PAGE).execute(Tuple.of(workspace, from, length, skip))
                            .map(rows -> {
                                io.vertx.core.json.JsonArray array = new io.vertx.core.json.JsonArray();
                                for (Row r : rows) {
                                    if (r.getLong("id") != null) {
                                        array.add(json(r));
                                    }
                                }
                                return array;
                            })
                            .map(array -> req.response().putHeader("Content-Type", "application/json")
                                    .putHeader("X-Total-Count", Long.toString(starts.total()))
                                    .end(array.toBuffer()));
                })
                .onFailure(e -> req.response().setStatusCode(500).end());
    }

    static JsonObject json(Row r) {
        return new JsonObject()
                .put("id", r.getLong("id")).put("type", r.getString("type")).put("format", r.getString("format"))
                .put("title", r.getString("title")).put("description", r.getString("description"))
                .put("key", r.getString("course_key")).put("identifier", r.getString("identifier"))
                .put("clientIdentifier", r.getString("client_identifier")).put("folderId", r.getLong("folder_id"))
                .put("published", r.getBoolean("published"))
                .put("publishedAt", str(r.getOffsetDateTime("published_at")))
                .put("deleted", r.getBoolean("deleted")).put("timeEstimateMinutes", r.getInteger("time_estimate_minutes"))
                .put("thumbnail", baseUrl + "/v1/headless/thumbnails/" + r.getString("thumbnail_token") + "/"
                        + r.getInteger("thumbnail_revision") + ".jpg")
                .put("thumbnailRevision", r.getInteger("thumbnail_revision"))
                .put("screenCount", r.getInteger("screen_count"))
                .put("created", str(r.getOffsetDateTime("created_at")))
                .put("updated", str(r.getOffsetDateTime("updated_at")));
    }

    static String str(Object value) {
        return value == null ? null : value.toString();
    }
}
