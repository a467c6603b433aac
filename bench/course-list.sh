#!/usr/bin/env bash
# bench/course-list.sh — a page of 100 of GET /v1/headless/courses against its limit, in one run.
#
# Seeds a workspace with 10,000 courses, then runs wrk (2 threads, 32 connections) for
#   bare       bench/BareCourses.java: the statements course-service sends (where every page starts
#              and the total, read once; then a keyset page with the list's revision) and the same
#              JSON, nothing else
#   direct     course-service on its own port, API key included, random page 0-99
#   ingress    the same through the suite's nginx
#   first      through the ingress, always page 0
#   deep       through the ingress, always page 99
# and prints a RESULT line for each and the ratio direct/bare and deep/first (a deep page should
# cost what the first does).
# Needs a suite started without the per-workspace rate limit:
#   ./suite down && PLATFORM_RATE_LIMIT_PER_SECOND=0 ./suite up
# Usage: bench/course-list.sh [duration, default 20s]
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."
duration=${1:-20s}
. bench/lib.sh
bench_setup "Bench course list"
bare_pid=
trap '[[ -n $bare_pid ]] && kill "$bare_pid" 2>/dev/null; true' EXIT
echo "workspace $ws: seeding 10,000 courses" >&2
bench_seed_courses 10000
bare_port=$((${SUITE_PORT_BASE:-8080} + 902))
bench_bare_courses "$bare_port"

bench_wrk course-list-bare "http://127.0.0.1:$bare_port" '/v1/headless/courses?length=100&page={page}'
bare=$rps
PROFILE_SERVICE=course-service bench_wrk course-list-direct "http://127.0.0.1:$(bench_course_port)" '/v1/headless/courses?length=100&page={page}' "SERVICE:$ws:$key"
direct=$rps
bench_wrk course-list-ingress "$BASE_URL" '/v1/headless/courses?length=100&page={page}' "SERVICE:$ws:$key"
ingress=$rps; ingress_p99=$p99
bench_wrk course-list-first "$BASE_URL" '/v1/headless/courses?length=100&page=0' "SERVICE:$ws:$key"
firstpage=$rps
bench_wrk course-list-deep "$BASE_URL" '/v1/headless/courses?length=100&page=99' "SERVICE:$ws:$key"
deep=$rps
echo "RESULT course-list ratio_direct_to_bare=$(bench_ratio "$direct" "$bare") ratio_deep_to_first=$(bench_ratio "$deep" "$firstpage") ingress_rps=$ingress ingress_p99_ms=$ingress_p99 target_rps=2000 target_p99_ms=30"
