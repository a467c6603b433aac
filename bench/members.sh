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
# (first10..first99: ~1,100 members, ~11,000 enrolments each). Before that it times the same
# statements at the database (EXPLAIN ANALYZE, 20 terms each).
# Needs a suite started without the per-workspace rate limit:
#   ./suite down && PLATFORM_RATE_LIMIT_PER_SECOND=0 ./suite up
# Usage: bench/members.sh [duration, default 20s]
#   BENCH_WORKSPACE=<id> reuses a workspace an earlier run seeded (a new key is issued).
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."
duration=${1:-20s}
. bench/lib.sh
if [[ -n "${BENCH_WORKSPACE:-}" ]]; then
  command -v wrk >/dev/null || { echo "wrk is needed (apt-get install wrk)" >&2; exit 1; }
  bench_env
  ws=$BENCH_WORKSPACE
  key=$(curl -sf -H "Authorization: Bearer $OPERATOR_TOKEN" -H 'Content-Type: application/json' \
    -d '{"mode":"live","name":"bench"}' "$BASE_URL/admin/v1/workspaces/$ws/api-keys" | jq -r .key)
  echo "workspace $ws: reusing its seeded data"
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
# At the database: the statements the service runs for a search page (page 3, members sorted by
# email), EXPLAIN ANALYZE over 20 terms of each kind, mean execution time.
db_ms() { # $1 = sql with TERM as the placeholder; $2 = first term number; $3 = last
  local total=0 n=0 t
  for i in $(seq 1 20); do
    term=first$(( $2 + (i * 7919) % ($3 - $2 + 1) ))
    t=$(psql -qAt -h 127.0.0.1 -U postgres -d "$db" -c "set search_path = members; explain (analyze, format json) ${1//TERM/$term}" \
      | jq '.[0]["Execution Time"]')
    total=$(echo "$total + $t" | bc -l); n=$((n + 1))
  done
  printf '%.2f' "$(echo "$total / $n" | bc -l)"
}
members_sql="with m as materialized (select * from membership m where m.workspace_id = $ws and m.search_text like '%TERM%')
  select u.id, u.email, m.state, count(*) over () from m join app_user u on u.id = m.user_id
  order by m.sort_email, m.user_id limit 5 offset 15"
enrolments_sql="with mm as materialized (select m.user_id from membership m where m.workspace_id = $ws and m.search_text like '%TERM%'),
  cc as materialized (select c.id from course_projection c where c.workspace_id = $ws and c.search_text like '%TERM%'),
  x as (select e.id, e.user_id, e.course_id, e.group_id, e.role, e.created_at from enrolment e join mm on mm.user_id = e.user_id
        where e.workspace_id = $ws
        union select e.id, e.user_id, e.course_id, e.group_id, e.role, e.created_at from enrolment e join cc on cc.id = e.course_id
        where e.workspace_id = $ws)
  select x.*, count(*) over () from x order by x.created_at, x.id limit 10 offset 30"
echo "DB members search page, typical term:    $(db_ms "$members_sql" 100 996) ms"
echo "DB enrolments search page, typical term: $(db_ms "$enrolments_sql" 100 996) ms"
echo "DB members search page, broad term:      $(db_ms "$members_sql" 10 99) ms"
echo "DB enrolments search page, broad term:   $(db_ms "$enrolments_sql" 10 99) ms"
auth="SERVICE:$ws:$key"
script=$(mktemp --suffix=.lua)
trap 'rm -f "$script"' EXIT
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
  io.write(string.format("RESULT %-28s rps=%.0f p50=%.2fms p99=%.2fms errors=%d\\n", mode,
    summary.requests / (summary.duration / 1e6), latency:percentile(50) / 1000, latency:percentile(99) / 1000,
    summary.errors.status + summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))
end
LUA
rss() { ps -o rss= -p "$(./suite status | awk '$1=="members-service"{print $3}')" | awk '{printf "%d MB", $1/1024}'; }
echo "members-service RSS before: $(rss)"
for mode in members enrolments members-broad enrolments-broad; do
  broad=false; [[ $mode == *-broad ]] && broad=true
  sed -i "1i mode = \"$mode\"; kind = \"${mode%-broad}\"; broad = $broad" "$script"
  wrk -t2 -c32 -d5s -s "$script" "$BASE_URL" >/dev/null
  wrk -t2 -c32 -d"$duration" --latency -s "$script" "$BASE_URL" | grep -E 'RESULT|Non-2xx'
  sed -i '1d' "$script"
done
echo "members-service RSS after: $(rss)"
