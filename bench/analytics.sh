#!/usr/bin/env bash
# bench/analytics.sh — course analytics at a million tracking records (docs/analytics.md).
# Creates the analytics projection (the analytics_learner table and index, taken from
# course-service's V11 migration) in a scratch schema, seeds it with SQL (generate_series):
# 1,000,000 learners of one course (commenced over the last 365 days, 60 % completed, 12 screens,
# 5 % test mode) plus 500,000 of 50 other courses, VACUUM ANALYZEs it, and times the analytics
# statements (the same SQL as AnalyticsRepository) with EXPLAIN (ANALYZE, BUFFERS) over the default
# 30-day range and over the widest, 366 days. Each statement runs twice; the second (warm) run is the figure.
#
# Usage: bench/analytics.sh [CONNINFO]
#   CONNINFO: a libpq connection string or URL (e.g. a test database). Without it a throwaway
#   PostgreSQL cluster (initdb, needs the server binaries) is started on port 55432 and removed after.
# The scratch schema analytics_bench is dropped at the end.
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."
migration=course-service/src/main/resources/db/migration/V11__share_analytics.sql
command -v psql >/dev/null || { echo "psql is needed" >&2; exit 1; }

conninfo=${1:-}
cluster=''
cleanup() {
  if [[ -n $cluster ]]; then
    as_pg pg_ctl -D "$cluster/data" -m fast stop >/dev/null 2>&1 || true
    rm -rf "$cluster"
  fi
}
trap cleanup EXIT
as_pg() {
  if [[ $(id -u) == 0 ]]; then runuser -u postgres -- "$@"; else "$@"; fi
}
if [[ -z $conninfo ]]; then
  cluster=$(mktemp -d)
  chmod 755 "$cluster"
  [[ $(id -u) == 0 ]] && chown postgres "$cluster"
  as_pg initdb -D "$cluster/data" -U bench --auth=trust >/dev/null
  as_pg pg_ctl -D "$cluster/data" -o "-p 55432 -k $cluster -c shared_buffers=256MB -c work_mem=16MB" -l "$cluster/log" -w start >/dev/null
  conninfo="host=$cluster port=55432 user=bench dbname=postgres"
fi

sql() { psql "$conninfo" -v ON_ERROR_STOP=1 -X -q "$@"; }

# The projection's DDL exactly as migrated: from "create table analytics_learner" to the end of V11.
ddl=$(sed -n '/^create table analytics_learner/,$p' "$migration")
sql <<SQL
drop schema if exists analytics_bench cascade;
create schema analytics_bench;
set search_path = analytics_bench;
$ddl
SQL

echo "Seeding 1,500,000 rows…"
start=$(date +%s)
sql <<'SQL'
set search_path = analytics_bench;
-- Course 1: 1,000,000 learners; courses 2..51: 10,000 each.
insert into analytics_learner (source, tracking_id, workspace_id, course_id, identifier, test_mode, commenced_at,
    completed_at, total_seconds, furthest_index, quiz_passed)
select 'player', g, 1, case when g <= 1000000 then 1 else 2 + g % 50 end, 'learner-' || g, g % 20 = 0, c,
    case when done then c + make_interval(secs => 300 + (g * 7919) % 86400) end,
    300 + (g * 104729) % 3600,
    case when done then 11 else (g * 31) % 11 end,
    case when done then (g * 13) % 10 < 8 end
from (select g, now() - make_interval(secs => (g * 2654435761) % (365 * 86400)) as c, g % 10 < 6 as done
      from generate_series(1::bigint, 1500000) g) s;
vacuum analyze analytics_learner;
SQL
echo "Seeded in $(( $(date +%s) - start )) s; table $(sql -At -c "select pg_size_pretty(pg_total_relation_size('analytics_bench.analytics_learner'))")"

# by_screen and median are read through ${!name} below.
# shellcheck disable=SC2034
by_screen="select furthest_index, count(*), count(*) filter (where completed_at < \$4),
    coalesce(sum(total_seconds) filter (where completed_at < \$4), 0),
    count(*) filter (where quiz_passed is not null), count(*) filter (where quiz_passed)
from analytics_learner
where course_id = \$1 and test_mode = \$2 and commenced_at >= \$3 and commenced_at < \$4
group by furthest_index"
# shellcheck disable=SC2034
median="select percentile_cont(0.5) within group (order by total_seconds)
from analytics_learner
where course_id = \$1 and test_mode = \$2 and commenced_at >= \$3 and commenced_at < \$4 and completed_at < \$4"

for days in 30 366; do
  from="date_trunc('day', now()) - interval '$((days - 1)) days'"
  until="date_trunc('day', now()) + interval '1 day'"
  for name in by_screen median; do
    statement=${!name}
    sql <<SQL > /tmp/analytics-bench-$$.txt
set search_path = analytics_bench;
prepare q(bigint, boolean, timestamptz, timestamptz) as $statement;
explain (analyze, buffers) execute q(1, false, $from, $until);
explain (analyze, buffers) execute q(1, false, $from, $until);
SQL
    rows=$(sql -At <<SQL
set search_path = analytics_bench;
select count(*) from analytics_learner where course_id = 1 and not test_mode and commenced_at >= $from and commenced_at < $until;
SQL
)
    echo "== $name, last $days days ($rows learners of the course in range)"
    # The second plan is the warm run.
    awk '/^ *QUERY PLAN/{n++} n==2' /tmp/analytics-bench-$$.txt | grep -E "Scan using|Seq Scan|Heap Fetches|Execution Time" \
      | sed -E 's/^ *(-> *)?//' | awk '!seen[$0]++'
  done
done
rm -f /tmp/analytics-bench-$$.txt
sql -c 'drop schema analytics_bench cascade' >/dev/null
