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
    /** The statements course-service sends for an unfiltered page (CourseRowRepository). */
    static final String COUNT = "select coalesce(sum(courses), 0)::bigint from courses.course_count"
            + " where workspace_id = $1 and deleted = false";
    static final String PAGE = "select " + COLUMNS + " from (select id from courses.course where workspace_id = $1"
            + " and deleted = false order by id limit $2 offset $3) p join courses.course c on c.id = p.id order by c.id";

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

    /** A page of 100 (or ?length) at ?page, with X-Total-Count, count and page pipelined on one connection. */
    static void list(PgPool pool, io.vertx.core.http.HttpServerRequest req) {
        int length = Integer.parseInt(req.getParam("length", "100"));
        int page = Integer.parseInt(req.getParam("page", "0"));
        pool.getConnection().onComplete(got -> {
            if (got.failed()) {
                req.response().setStatusCode(500).end();
                return;
            }
            io.vertx.sqlclient.SqlConnection connection = got.result();
            var count = connection.preparedQuery(COUNT).execute(Tuple.of(workspace));
            var rows = connection.preparedQuery(PAGE).execute(Tuple.of(workspace, length, page * length));
            io.vertx.core.Future.all(count, rows).onComplete(ar -> {
                connection.close();
                if (ar.failed()) {
                    req.response().setStatusCode(500).end();
                    return;
                }
                io.vertx.core.json.JsonArray array = new io.vertx.core.json.JsonArray();
                for (Row r : rows.result()) {
                    array.add(json(r));
                }
                req.response().putHeader("Content-Type", "application/json")
                        .putHeader("X-Total-Count", Long.toString(count.result().iterator().next().getLong(0)))
                        .end(array.toBuffer());
            });
        });
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
