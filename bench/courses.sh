#!/usr/bin/env bash
# bench/courses.sh — list and get throughput of course-service with 10,000 courses in a workspace.
#
# Needs a running suite started without the per-workspace rate limit, which would otherwise
# measure itself:   ./suite down && PLATFORM_RATE_LIMIT_PER_SECOND=0 ./suite up
# Seeds a new workspace (admin API) with 10,000 courses (one SQL insert, as the postgres role),
# then runs wrk with 32 connections through the ingress against
#   GET /v1/headless/courses?length=100&page=N   (a page of 100)
#   GET /v1/headless/courses/{id}                 (one course, random ids)
# Usage: bench/courses.sh [duration, default 20s]
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."
duration=${1:-20s}
. bench/lib.sh
bench_setup "Bench courses"
echo "workspace $ws: seeding 10,000 courses"
psql -q -h 127.0.0.1 -U postgres -d "$db" <<SQL
insert into courses.course (workspace_id, client_identifier, identifier, type, format, title, description, course_key,
    screen_count, time_estimate_minutes, revision, draft, thumbnail_token, thumbnail_revision)
select $ws, 'tenant-' || (g % 10), 'author-' || (g % 100), 'course', 'builder2', 'Bench course ' || g, '',
       'B' || lpad(g::text, 8, '0'), 1, 5, 1,
       jsonb_build_object('format', 'builder2', 'title', 'Bench course ' || g, 'locale', 'en', 'screens',
           jsonb_build_array(jsonb_build_object('id', 's1', 'type', 'blocks', 'typeId', 1, 'title', 'Welcome', 'elements', '[]'::jsonb))),
       md5('bench' || $ws || '-' || g), 1
from generate_series(1, 10000) g;
vacuum analyze courses.course;
SQL
first=$(psql -At -h 127.0.0.1 -U postgres -d "$db" -c "select min(id) from courses.course where workspace_id = $ws")
auth="SERVICE:$ws:$key"
script=$(mktemp --suffix=.lua)
trap 'rm -f "$script"' EXIT
cat >"$script" <<LUA
math.randomseed(os.time())
request = function()
  local path
  if mode == "get" then
    path = "/v1/headless/courses/" .. ($first + math.random(0, 9999))
  else
    path = "/v1/headless/courses?length=100&page=" .. math.random(0, 99)
  end
  return wrk.format("GET", path, {["Authorization"] = "$auth"})
end
done = function(summary, latency, requests)
  io.write(string.format("RESULT %s rps=%.0f p50=%.2fms p99=%.2fms errors=%d\n", mode,
    summary.requests / (summary.duration / 1e6), latency:percentile(50) / 1000, latency:percentile(99) / 1000,
    summary.errors.status + summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))
end
LUA
for mode in list get; do
  sed -i "1i mode = \"$mode\"" "$script"
  wrk -t2 -c32 -d10s -s "$script" "$BASE_URL" >/dev/null   # warm-up
  wrk -t2 -c32 -d"$duration" --latency -s "$script" "$BASE_URL" | grep -E 'RESULT|Non-2xx'
  sed -i '1d' "$script"
done
