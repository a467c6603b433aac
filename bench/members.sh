#!/usr/bin/env bash
# bench/members.sh — members and enrolments search pages at scale (issue 4).
#
# Seeds a new workspace with 100,000 members (90% active), 100 groups, 1,000 courses in the
# course projection and 1,000,000 enrolments (one bulk SQL transaction as the postgres role,
# filling the sort keys and counters of migrations V3 and V4 itself), then runs wrk with
# 32 connections through the ingress against:
#   GET /api/v1/members?search=<term>&sort=<key>&page=<0..9>   (default limit 5)
#   GET /api/v1/enrolments?search=<term>&page=<0..9>           (default length 10)
# with typical terms (first100..first996: ~100 members, ~1,000 enrolments each) and broad ones
# (first10..first99: ~1,100 members, ~11,000 enrolments each). Each figure is followed by its
# limit, measured in the same run: the service's own statements with the same random terms,
# sorts and pages, run straight at PostgreSQL by pgbench at the same concurrency (32 clients,
# extended protocol like the service's client), so ratio= is the share of the database's own
# throughput that the service and the ingress keep. One line per figure:
#   RESULT members-search term=typical rps= p50= p99= errors= limit_rps= limit_p50= limit_p99= ratio=
# Needs a suite started without the per-workspace rate limit:
#   ./suite down && PLATFORM_RATE_LIMIT_PER_SECOND=0 ./suite up
# Usage: bench/members.sh [duration, default 20s]
#   Seeds once: a later run reuses the workspace named "Bench members" that holds the seeded
#   members (a new key is issued), or the one BENCH_WORKSPACE=<id> names.
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."
duration=${1:-20s}
. bench/lib.sh
command -v pgbench >/dev/null || { echo "pgbench is needed (it ships with PostgreSQL's client)" >&2; exit 1; }
# The Keycloak provisioning version members-service brings members to: seeded members are marked
# as already there (a lower version had the backfill provision all 100,000 again, for hours,
# under every later benchmark).
provisioned=$(sed -nE 's/.*static final int VERSION = ([0-9]+);.*/\1/p' \
  members-service/src/main/java/org/courseplatform/members/keycloak/KeycloakProvisioning.java)
[[ -n $provisioned ]] || { echo "no provisioning VERSION found in KeycloakProvisioning.java" >&2; exit 1; }
if [[ -z "${BENCH_WORKSPACE:-}" ]]; then
  bench_env
  BENCH_WORKSPACE=$(psql -qAt -h 127.0.0.1 -U postgres -d "$db" -c "select w.id from members.workspace w
    join members.member_count c on c.workspace_id = w.id where w.name = 'Bench members' and c.active >= 90000
    order by w.id limit 1")
fi
if [[ -n "${BENCH_WORKSPACE:-}" ]]; then
  command -v wrk >/dev/null || { echo "wrk is needed (apt-get install wrk)" >&2; exit 1; }
  bench_env
  ws=$BENCH_WORKSPACE
  key=$(curl -sf -H "Authorization: Bearer $OPERATOR_TOKEN" -H 'Content-Type: application/json' \
    -d '{"mode":"live","name":"bench"}' "$BASE_URL/admin/v1/workspaces/$ws/api-keys" | jq -r .key)
  echo "workspace $ws: reusing its seeded data"
  psql -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -U postgres -d "$db" -c "insert into members.keycloak_provisioned (user_id, version)
    select m.user_id, $provisioned from members.membership m where m.workspace_id = $ws
    on conflict (user_id) do update set version = greatest(keycloak_provisioned.version, excluded.version)"
else
  bench_setup "Bench members"
  echo "workspace $ws: seeding 100,000 members and 1,000,000 enrolments"
  start=$SECONDS
  psql -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -U postgres -d "$db" <<SQL
-- Bulk load with triggers off (one transaction of a million single-row counter updates would
-- crawl), then fill the sort keys and counters the triggers would have kept, in bulk.
begin;
set local session_replication_role = replica;
insert into members.app_user (email, username, created_at)
select 'm' || g || '-w$ws@example.com', 'm' || g || '-w$ws', now() - (g || ' minutes')::interval
from generate_series(1, 100000) g;
-- Profile fields live on the membership (V8); the user's number picks the names.
insert into members.membership (workspace_id, user_id, state, added_at, firstname, lastname, sort_first, sort_last,
    sort_username, sort_email, user_created_at, search_text)
select $ws, u.id, case when u.id % 10 = 0 then 'inactive' else 'active' end, now() - (u.id % 5000 || ' minutes')::interval,
       p.firstname, p.lastname, lower(p.firstname), lower(p.lastname), lower(u.username), lower(u.email), u.created_at,
       lower(p.firstname || ' ' || p.lastname || ' ' || u.username || ' ' || u.email)
from members.app_user u
cross join lateral (select 'First' || (split_part(substr(u.username, 2), '-', 1)::int % 997) as firstname,
                           'Last' || (split_part(substr(u.username, 2), '-', 1)::int % 991) as lastname) p
where u.email like '%-w$ws@example.com';
-- The bench members never sign in: marked as brought to Keycloak, so that the provisioning
-- backfill (every 5 minutes, one user at a time) does not load the machine during the other rows.
insert into members.keycloak_provisioned (user_id, version)
select u.id, $provisioned from members.app_user u where u.email like '%-w$ws@example.com';
insert into members.member_group (workspace_id, name) select $ws, 'Group ' || g from generate_series(1, 100) g;
insert into members.course_projection (id, workspace_id, title, course_key, occurred_at, search_text)
select 800000000 + $ws * 1000 + g, $ws, 'Bench course ' || g, 'BC' || g, now(), lower('Bench course ' || g || ' BC' || g)
from generate_series(1, 1000) g;
insert into members.enrolment (workspace_id, user_id, course_id, role, created_at)
select $ws, m.user_id, 800000000 + $ws * 1000 + (m.user_id % 100) * 10 + c, 'student',
       now() - ((m.user_id * 10 + c) % 1000000 || ' seconds')::interval
from members.membership m cross join generate_series(1, 10) c where m.workspace_id = $ws;
insert into members.member_count (workspace_id, active, pending, inactive)
select $ws, count(*) filter (where state = 'active'), count(*) filter (where state = 'pending'),
       count(*) filter (where state = 'inactive') from members.membership where workspace_id = $ws
on conflict (workspace_id) do update set active = excluded.active, pending = excluded.pending, inactive = excluded.inactive;
insert into members.enrolment_count (workspace_id, total)
select $ws, count(*) from members.enrolment where workspace_id = $ws
on conflict (workspace_id) do update set total = excluded.total;
commit;
vacuum analyze members.app_user;
vacuum analyze members.membership;
vacuum analyze members.enrolment;
vacuum analyze members.course_projection;
SQL
  echo "seeded in $((SECONDS - start)) s"
fi
# The limit: the service's statements (MemberRepository.page and EnrolmentService.list with a
# search: the same text, parameters bound the same way) run by pgbench against PostgreSQL with
# the same random terms, sorts and pages as the wrk script below.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
order() { # $1 = sort key, as MemberQuery.ORDER
  case $1 in
    name) echo "m.sort_first, m.sort_last, m.user_id" ;; namelastfirst) echo "m.sort_last, m.sort_first, m.user_id" ;;
    username) echo "m.sort_username, m.user_id" ;; email) echo "m.sort_email, m.user_id" ;;
    created) echo "m.user_created_at, m.user_id" ;; added) echo "m.added_at, m.user_id" ;;
  esac
}
columns="u.id, u.email, m.user_type, u.username, m.firstname, m.lastname, m.timezone, m.avatar, m.email_verified, m.locale,
  m.disable_course_enrolment_notification, m.state, u.created_at, m.added_at"
for kind in typical broad; do
  if [[ $kind == typical ]]; then lo=100 hi=996; else lo=10 hi=99; fi
  for sort in name namelastfirst username email created added; do
    cat >"$tmp/members-$kind-$sort.sql" <<SQL
\set t random($lo, $hi)
\set p random(0, 9)
with m as materialized (select * from membership m where m.workspace_id = $ws and m.search_text like '%first' || :t || '%')
  select $columns, m.total from (select m.*, count(*) over () as total from m order by $(order $sort)
  limit 5 offset :p * 5) m join app_user u on u.id = m.user_id order by $(order $sort);
SQL
  done
  cat >"$tmp/enrolments-$kind.sql" <<SQL
\set t random($lo, $hi)
\set p random(0, 9)
with mm as materialized (select m.user_id from membership m where m.workspace_id = $ws and m.search_text like '%first' || :t || '%'),
  cc as materialized (select c.id from course_projection c where c.workspace_id = $ws and c.search_text like '%first' || :t || '%'),
  x as (select e.id, e.user_id, e.course_id, e.group_id, e.role, e.created_at from enrolment e join mm on mm.user_id = e.user_id
        where e.workspace_id = $ws
        union all select e.id, e.user_id, e.course_id, e.group_id, e.role, e.created_at from enrolment e join cc on cc.id = e.course_id
        where e.workspace_id = $ws and (e.user_id is null or not exists (select from mm where mm.user_id = e.user_id)))
  select x.*, count(*) over () from x order by x.created_at, x.id limit 10 offset :p * 10;
SQL
done
limit() { # $1 = members|enrolments, $2 = typical|broad; sets limit_rps, limit_p50, limit_p99
  local files=()
  if [[ $1 == members ]]; then for f in "$tmp"/members-"$2"-*.sql; do files+=(-f "$f"); done; else files=(-f "$tmp/enrolments-$2.sql"); fi
  rm -f "$tmp"/log.*
  (cd "$tmp" && PGOPTIONS="-c search_path=members" pgbench -n -M extended -c 32 -j 2 -T "${limit_seconds:-10}" -l --log-prefix=log \
    -h 127.0.0.1 -U postgres "${files[@]}" "$db" >"$tmp/pgbench.out" 2>&1) || { cat "$tmp/pgbench.out" >&2; exit 1; }
  limit_rps=$(awk '/^tps/ {printf "%.0f", $3}' "$tmp/pgbench.out")
  read -r limit_p50 limit_p99 < <(cat "$tmp"/log.* | awk '{print $3 / 1000}' | sort -n | awk '{v[NR] = $1}
    END {printf "%.2f %.2f\n", v[int(NR * 0.5) + 1], v[int(NR * 0.99) + 1]}')
}
auth="SERVICE:$ws:$key"
script=$tmp/search.lua
cat >"$script" <<LUA
local sorts = {"name", "namelastfirst", "username", "email", "created", "added"}
math.randomseed(os.time())
request = function()
  -- typical: first100..first996 match about 100 members (1,000 enrolments) each;
  -- broad: first10..first99 match about 1,100 members (11,000 enrolments) each.
  local term = "first" .. (broad and math.random(10, 99) or math.random(100, 996))
  local path
  if kind == "enrolments" then
    path = "/api/v1/enrolments?search=" .. term .. "&page=" .. math.random(0, 9)
  else
    path = "/api/v1/members?search=" .. term .. "&sort=" .. sorts[math.random(1, 6)] .. "&page=" .. math.random(0, 9)
  end
  return wrk.format("GET", path, {["Authorization"] = "$auth"})
end
done = function(summary, latency, requests)
  io.write(string.format("rps=%.0f p50=%.2fms p99=%.2fms errors=%d\\n",
    summary.requests / (summary.duration / 1e6), latency:percentile(50) / 1000, latency:percentile(99) / 1000,
    summary.errors.status + summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))
end
LUA
rss() { ps -o rss= -p "$(./suite status | awk '$1=="members-service"{print $3}')" | awk '{printf "%d MB", $1/1024}'; }
echo "members-service RSS before: $(rss)"
for mode in members enrolments members-broad enrolments-broad; do
  broad=false; [[ $mode == *-broad ]] && broad=true
  sed -i "1i mode = \"$mode\"; kind = \"${mode%-broad}\"; broad = $broad" "$script"
  wrk -t2 -c32 -d"${BENCH_WARMUP:-10s}" -s "$script" "$BASE_URL" >/dev/null
  d=${duration%s}
  bench_profile members-service "$((d > 3 ? d - 2 : 1))" "members-search-$mode"
  service=$(wrk -t2 -c32 -d"$duration" --latency -s "$script" "$BASE_URL" | grep -E '^rps=')
  bench_profile_wait
  sed -i '1d' "$script"
  kind=${mode%-broad}; term=typical; $broad && term=broad
  limit "$kind" "$term"
  rps=$(sed -E 's/^rps=([0-9]+).*/\1/' <<<"$service")
  echo "RESULT $kind-search term=$term $service limit_rps=$limit_rps limit_p50=${limit_p50}ms limit_p99=${limit_p99}ms" \
    "ratio=$(awk -v a="$rps" -v b="$limit_rps" 'BEGIN {printf "%.2f", (b > 0 ? a / b : 0)}')"
done
echo "members-service RSS after: $(rss)"
