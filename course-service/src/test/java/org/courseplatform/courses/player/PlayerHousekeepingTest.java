package org.courseplatform.courses.player;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Expired sessions and used embed tokens go a grace period after their expiry; live ones stay. */
@QuarkusTest
class PlayerHousekeepingTest {

    private static final long HOUR = 3600;
    private static final long DAY = 24 * HOUR;

    @Inject
    PlayerHousekeeping housekeeping;

    @Inject
    Pool pool;

    @Test
    void expiredSessionsAndUsedTokensArePurgedAfterTheGraceOnly() {
        String old = session(-3 * DAY);
        String recent = session(-HOUR);
        String live = session(11 * HOUR);
        String oldJti = launch(-3 * DAY, old);
        String liveJti = launch(2 * HOUR, live);

        PlayerHousekeeping.Purged purged = housekeeping.purge().await().atMost(Duration.ofSeconds(10));

        assertThat(purged.sessions()).isGreaterThanOrEqualTo(1);
        assertThat(purged.launches()).isGreaterThanOrEqualTo(1);
        assertThat(exists("player_session", "id", old)).isFalse();
        assertThat(exists("player_session", "id", recent))
                .as("expired within the grace: kept")
                .isTrue();
        assertThat(exists("player_session", "id", live)).isTrue();
        assertThat(exists("player_launch", "jti", oldJti)).isFalse();
        assertThat(exists("player_launch", "jti", liveJti)).isTrue();
    }

    private String session(long expiry) {
        String id = UUID.randomUUID().toString();
        pool.preparedQuery("insert into player_session (id, workspace_id, kind, mode, identifier, outline, expires_at) "
                        + "values ($1, 1, 'course', 'view', 'learner', '{}'::jsonb, now() + make_interval(secs => $2))")
                .execute(Tuple.of(id, expiry))
                .await()
                .atMost(Duration.ofSeconds(5));
        return id;
    }

    private String launch(long expiry, String session) {
        String jti = UUID.randomUUID().toString().replace("-", "");
        pool.preparedQuery(
                        "insert into player_launch (jti, session_id, expires_at) values ($1, $2, now() + make_interval(secs => $3))")
                .execute(Tuple.of(jti, session, expiry))
                .await()
                .atMost(Duration.ofSeconds(5));
        return jti;
    }

    private boolean exists(String table, String column, String id) {
        return pool.preparedQuery("select 1 from " + table + " where " + column + " = $1")
                        .execute(Tuple.of(id))
                        .await()
                        .atMost(Duration.ofSeconds(5))
                        .size()
                == 1;
    }
}
