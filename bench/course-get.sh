#!/usr/bin/env bash
# bench/course-get.sh — GET /v1/headless/courses/{id} against its limits, in one run.
#
# Seeds a workspace with 10,000 courses, then runs wrk (2 threads, 32 connections, random ids)
# against, in turn:
#   bare     bench/BareCourses.java: Vert.x + the reactive PostgreSQL client reading the same
#            row and writing the same JSON, nothing else (the floor of the path on this machine)
#   direct   course-service on its own port, API key included
#   ingress  the same through the suite's nginx
#   static   an nginx like the ingress (same worker count) serving the same answer as a file:
#            what nginx and wrk themselves cost
# and prints a RESULT line for each and the ratios direct/bare and ingress/bare.
# Needs a suite started without the per-workspace rate limit:
#   ./suite down && PLATFORM_RATE_LIMIT_PER_SECOND=0 ./suite up
# Usage: bench/course-get.sh [duration, default 20s]
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."
duration=${1:-20s}
. bench/lib.sh
bench_setup "Bench course get"
home=${SUITE_HOME:-$PWD/.suite}
work=$(mktemp -d)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  if [[ -f $work/nginx.pid ]]; then kill "$(cat "$work/nginx.pid")" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

echo "workspace $ws: seeding 10,000 courses" >&2
bench_seed_courses 10000
course_port=$(bench_course_port)
bare_port=$((${SUITE_PORT_BASE:-8080} + 900))
static_port=$((bare_port + 1))
bench_bare_courses "$bare_port"
pids+=("$bare_pid")

# The answer as a static file, behind an nginx with the ingress's worker count.
mkdir -p "$work/www/v1/headless/courses" "$work/temp"
curl -sf -H "$auth" "$BASE_URL/v1/headless/courses/$first" >"$work/www/v1/headless/courses/static.json"
workers=$(sed -n 's/^worker_processes \(.*\);/\1/p' "$home/nginx/nginx.conf")
cat >"$work/nginx.conf" <<EOF
$( (( EUID == 0 )) && echo 'user root;' )
worker_processes ${workers:-1};
daemon on;
pid $work/nginx.pid;
error_log $work/error.log warn;
events { worker_connections 1024; }
http {
  access_log $work/access.log combined buffer=64k flush=1s;
  client_body_temp_path $work/temp; proxy_temp_path $work/temp; fastcgi_temp_path $work/temp;
  uwsgi_temp_path $work/temp; scgi_temp_path $work/temp;
  default_type application/json;
  sendfile on; tcp_nodelay on; keepalive_timeout 65s; keepalive_requests 10000;
  server { listen 127.0.0.1:$static_port; root $work/www; }
}
EOF
nginx -c "$work/nginx.conf" -p "$work"

bench_wrk course-get-bare "http://127.0.0.1:$bare_port" '/v1/headless/courses/{id}'
bare=$rps
PROFILE_SERVICE=course-service bench_wrk course-get-direct "http://127.0.0.1:$course_port" '/v1/headless/courses/{id}' "SERVICE:$ws:$key"
direct=$rps
bench_wrk course-get-ingress "$BASE_URL" '/v1/headless/courses/{id}' "SERVICE:$ws:$key"
ingress=$rps
bench_wrk course-get-static "http://127.0.0.1:$static_port" '/v1/headless/courses/static.json'
static=$rps
echo "RESULT course-get ratio_direct_to_bare=$(bench_ratio "$direct" "$bare") ratio_ingress_to_bare=$(bench_ratio "$ingress" "$bare") target_direct=0.70 target_ingress=0.50 static_nginx_rps=$static"
