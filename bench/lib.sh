# shellcheck shell=bash
# bench/lib.sh — what every benchmark needs first; sourced, not run.

# bench_jdk: exports JAVA_HOME (and PATH) for a JDK >= 21, found as ./suite finds it, for the
# benchmarks that run Maven or Java themselves.
bench_jdk() {
  # shellcheck source=/dev/null  # ./suite is checked on its own
  JAVA_HOME=$(. ./suite && find_jdk >&2 && echo "$JAVA_HOME")
  export JAVA_HOME PATH=$JAVA_HOME/bin:$PATH
}

# bench_env: reads the running suite's env (BASE_URL, OPERATOR_TOKEN, ...) and sets db (database name).
bench_env() {
  command -v jq >/dev/null || { echo "jq is needed (apt-get install jq)" >&2; exit 1; }
  eval "$(./suite env)"
  db=$(sed -E 's#.*/([^/?]+)(\?.*)?$#\1#' <<<"$DATABASE_URL")
}

# bench_require_autovacuum: refuses to run (exit 2) against a PostgreSQL with autovacuum off (a
# setting some CI images use). The outboxes and the webhook deliveries are queue tables: without it
# their due indexes fill with dead rows, and the webhook row measured 7.9 s at the median where it
# measures 0.1-0.3 s with PostgreSQL's default (docs/performance.md).
bench_require_autovacuum() {
  local autovacuum
  autovacuum=$(psql -qtAX -h 127.0.0.1 -U postgres -d postgres -c 'show autovacuum')
  if [[ $autovacuum != on ]]; then
    echo "${0##*/}: PostgreSQL runs with autovacuum $autovacuum; turn it on first:" >&2
    echo "  psql -h 127.0.0.1 -U postgres -c 'alter system set autovacuum = on' -c 'select pg_reload_conf()'" >&2
    exit 2
  fi
}

# bench_workspace NAME [ADDONS_JSON] [FEATURES_JSON]: a fresh enterprise workspace with a live key.
# Sets ws (workspace id), key (API key) and auth (the Authorization header line).
bench_workspace() {
  ws=$(curl -sf -H "Authorization: Bearer $OPERATOR_TOKEN" -H 'Content-Type: application/json' \
    -d "{\"name\":\"$1\",\"plan\":\"enterprise\",\"addons\":${2:-[]},\"features\":${3:-[]},\"userLimit\":null}" \
    "$BASE_URL/admin/v1/workspaces" | jq -r .id)
  key=$(curl -sf -H "Authorization: Bearer $OPERATOR_TOKEN" -H 'Content-Type: application/json' \
    -d '{"mode":"live","name":"bench"}' "$BASE_URL/admin/v1/workspaces/$ws/api-keys" | jq -r .key)
  auth="Authorization: SERVICE:$ws:$key"
}

# bench_setup NAME: for wrk benchmarks: checks wrk, then bench_env and bench_workspace NAME.
bench_setup() {
  command -v wrk >/dev/null || { echo "wrk is needed (apt-get install wrk)" >&2; exit 1; }
  bench_env
  bench_workspace "$1"
}

# bench_seed_courses N: N Builder 2 courses in workspace $ws (one SQL insert as the postgres
# role, then VACUUM ANALYZE as autovacuum would). Sets first (the lowest new id).
bench_seed_courses() {
  psql -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -U postgres -d "$db" <<SQL
insert into courses.course (workspace_id, client_identifier, identifier, type, format, title, description, course_key,
    screen_count, time_estimate_minutes, revision, draft, thumbnail_token, thumbnail_revision)
select $ws, 'tenant-' || (g % 10), 'author-' || (g % 100), 'course', 'builder2', 'Bench course ' || g, '',
       'B' || lpad(g::text, 8, '0'), 1, 5, 1,
       jsonb_build_object('format', 'builder2', 'title', 'Bench course ' || g, 'locale', 'en', 'screens',
           jsonb_build_array(jsonb_build_object('id', 's1', 'type', 'blocks', 'typeId', 1, 'title', 'Welcome', 'elements', '[]'::jsonb))),
       md5('bench' || $ws || '-' || g), 1
from generate_series(1, $1) g;
vacuum analyze courses.course;
SQL
  first=$(psql -At -h 127.0.0.1 -U postgres -d "$db" -c "select min(id) from courses.course where workspace_id = $ws")
}

# bench_wrk LABEL URL_BASE PATH_TEMPLATE [AUTH]: wrk with 2 threads and ${BENCH_CONNECTIONS:-32}
# connections, ${BENCH_WARMUP:-15s} of warm-up (5 s left C2 compiling the path under test: the
# services have just been restarted by the start-up row), then ${duration:-20s} measured; prints the RESULT line of
# bench/wrk.lua and sets rps and p99 from it. {id} in the template is a random id from
# $first to $first + ${WRK_COUNT:-10000} - 1, {page} a random page below ${WRK_PAGES:-100}.
# With PROFILE=1 and PROFILE_SERVICE set for the call, that service is profiled while wrk measures.
bench_wrk() {
  local label=$1 base=$2 path=$3 auth=${4:-} line seconds
  export WRK_PATHS=$path WRK_AUTH=$auth WRK_FIRST=${first:-0} WRK_COUNT=${WRK_COUNT:-10000} WRK_PAGES=${WRK_PAGES:-100}
  WRK_LABEL=warmup wrk -t2 -c"${BENCH_CONNECTIONS:-32}" -d"${BENCH_WARMUP:-15s}" -s bench/wrk.lua "$base" >/dev/null
  seconds=${duration:-20s}
  seconds=${seconds%s}
  [[ -z ${PROFILE_SERVICE:-} ]] || bench_profile "$PROFILE_SERVICE" "$((seconds > 3 ? seconds - 2 : 1))" "$label"
  line=$(WRK_LABEL=$label wrk -t2 -c"${BENCH_CONNECTIONS:-32}" -d"${duration:-20s}" -s bench/wrk.lua "$base" | grep '^RESULT')
  bench_profile_wait
  echo "$line"
  # shellcheck disable=SC2034  # rps and p99 are for the caller
  rps=$(sed -E 's/.* rps=([0-9]+).*/\1/' <<<"$line")
  # shellcheck disable=SC2034
  p99=$(sed -E 's/.* p99_ms=([0-9.]+).*/\1/' <<<"$line")
}

# bench_profile SERVICE SECONDS LABEL: with PROFILE=1, a flame graph of SERVICE over the next
# SECONDS (after one second, so that the measured load has started), taken in the background by
# bench/profile.sh; its summary is printed by bench_profile_wait. Does nothing without PROFILE=1.
bench_profile() {
  [[ ${PROFILE:-0} == 1 ]] || return 0
  profile_out=$(mktemp)
  (sleep 1; TOP=10 bench/profile.sh "$1" "$2" "$3") >"$profile_out" 2>&1 &
  profile_pid=$!
}

# bench_profile_wait: waits for the profile bench_profile started, if any, and prints its summary.
bench_profile_wait() {
  [[ -n ${profile_pid:-} ]] || return 0
  wait "$profile_pid" || true
  cat "$profile_out" >&2
  rm -f "$profile_out"
  profile_pid=
}

# bench_ratio A B: A / B with two decimals.
bench_ratio() {
  awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }'
}

# bench_bare_courses PORT: starts bench/BareCourses.java (the floor of the course reads) for
# workspace $ws on PORT with course-service's JVM options and libraries; sets bare_pid. The
# caller kills it.
bench_bare_courses() {
  local home=${SUITE_HOME:-$PWD/.suite} svc_pid java opts=()
  svc_pid=$(cat "$home/run/course-service.pid")
  java=$(tr '\0' '\n' < /proc/"$svc_pid"/environ | sed -n 's/^JAVA_HOME=//p')
  java=${java:-${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}}/bin/java
  read -r -a opts < <(tr '\0' ' ' < /proc/"$svc_pid"/cmdline | sed 's/^[^ ]* //; s/ -jar .*//' \
    | tr ' ' '\n' | grep -v -E 'SharedArchive|AOTCache' | tr '\n' ' ') || true
  "$java" "${opts[@]}" -cp "$PWD/course-service/target/quarkus-app/lib/main/*" bench/BareCourses.java \
    "$1" "$db" "$ws" "$BASE_URL" >"${TMPDIR:-/tmp}/bench-bare-courses.log" 2>&1 &
  bare_pid=$!
  until curl -s -o /dev/null "http://127.0.0.1:$1/v1/headless/courses?length=1"; do
    kill -0 "$bare_pid" 2>/dev/null || { cat "${TMPDIR:-/tmp}/bench-bare-courses.log" >&2; return 1; }
    sleep 0.2
  done
}

# bench_course_port: course-service's own port in this suite.
bench_course_port() {
  echo $(($(awk '$1 == "course-service" { print $2 }' deploy/services.tsv) - 8080 + ${SUITE_PORT_BASE:-8080}))
}
