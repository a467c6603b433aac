#!/usr/bin/env bash
# bench/rate-limit.sh — what the shared per-workspace rate limit costs on the course read, and
# whether two instances of a service hold it together.
#
# On a running suite, restarts course-service with other rate-limit settings (its environment
# and JVM options otherwise as ./suite started it) and runs wrk (2 threads, 32 connections,
# random ids) against GET /v1/headless/courses/{id} on its own port:
#   off      PLATFORM_RATE_LIMIT_PER_SECOND=0
#   leased   a limit far above the load (1,000,000/s) with the default lease of 20 tokens:
#            what the limiter costs when it does not refuse (one database call per 20 requests)
#   each     the same with a lease of 1: one database call per request, for comparison
# The three run three times, in a rotating order (off leased each, leased each off, each off
# leased), to spread the machine's drift. Then the accuracy check: a limit of 200/s (burst 200),
# a second course-service instance on another port, and wrk against both at once (GET
# /v1/headless/courses?length=1 of a fresh workspace); the RESULT line gives the requests both
# admitted per second together (the limit holds when it stays within 200 plus the burst spread
# over the run, not 400). --accuracy-only skips the cost rounds. course-service is restarted as
# the suite had it at the end.
# Usage: bench/rate-limit.sh [--accuracy-only] [duration, default 20s]
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."
rounds=3
if [[ ${1:-} == --accuracy-only ]]; then rounds=0; shift; fi
duration=${1:-20s}
seconds=${duration%s}
. bench/lib.sh
bench_setup "Bench rate limit"
home=${SUITE_HOME:-$PWD/.suite}
pidfile=$home/run/course-service.pid
log=$home/logs/course-service.log
port=$(bench_course_port)
second_port=$((${SUITE_PORT_BASE:-8080} + 902))
pid=$(cat "$pidfile")
mapfile -t envs < <(tr '\0' '\n' < /proc/"$pid"/environ | grep -v '^PLATFORM_RATE_LIMIT_')
mapfile -t suite_limits < <(tr '\0' '\n' < /proc/"$pid"/environ | grep '^PLATFORM_RATE_LIMIT_' || true)
read -r -a opts < <(tr '\0' ' ' < /proc/"$pid"/cmdline | sed 's/^[^ ]* //; s/ -jar .*//') || true
# The cache is written at a clean stop; the instances here are stopped with the cache in use.
mapfile -t opts < <(printf '%s\n' "${opts[@]}" | grep -v -E 'AOTCacheOutput|AutoCreateSharedArchive')
java=$(readlink -f /proc/"$pid"/exe)
extra=()
cleanup() {
  for p in "${extra[@]}"; do kill "$p" 2>/dev/null || true; done
}
trap cleanup EXIT

echo "workspace $ws: seeding 10,000 courses" >&2
bench_seed_courses 10000

# start_course PORT PIDFILE_OR_EMPTY NAME=VALUE...: a course-service with these rate-limit settings.
start_course() {
  local on=$1 file=$2
  shift 2
  nohup env -i "${envs[@]}" "QUARKUS_HTTP_PORT=$on" "$@" "$java" "${opts[@]}" \
    -jar "$PWD/course-service/target/quarkus-app/quarkus-run.jar" >>"$log" 2>&1 &
  started=$!
  if [[ -n $file ]]; then echo "$started" >"$file"; else extra+=("$started"); fi
  until curl -sf -o /dev/null "http://127.0.0.1:$on/q/health/ready"; do
    kill -0 "$started" 2>/dev/null || { echo "course-service on $on did not start (see $log)" >&2; exit 1; }
    sleep 0.2
  done
}

stop_course() {
  local p
  p=$(cat "$pidfile")
  kill "$p"
  while kill -0 "$p" 2>/dev/null; do sleep 0.1; done
}

# restart_course NAME=VALUE...: the suite's course-service again, with these settings.
restart_course() {
  stop_course
  start_course "$port" "$pidfile" "$@"
}

declare -A total=()
orders=("off leased each" "leased each off" "each off leased")
for ((round = 1; round <= rounds; round++)); do
  for mode in ${orders[$((round - 1))]}; do
    case $mode in
      off) restart_course PLATFORM_RATE_LIMIT_PER_SECOND=0 ;;
      leased) restart_course PLATFORM_RATE_LIMIT_PER_SECOND=1000000 PLATFORM_RATE_LIMIT_BURST=1000000 ;;
      each) restart_course PLATFORM_RATE_LIMIT_PER_SECOND=1000000 PLATFORM_RATE_LIMIT_BURST=1000000 \
              PLATFORM_RATE_LIMIT_BATCH=1 ;;
    esac
    bench_wrk "rate-limit-course-get-$mode-$round" "http://127.0.0.1:$port" '/v1/headless/courses/{id}' \
      "SERVICE:$ws:$key"
    total[$mode]=$(( ${total[$mode]:-0} + rps ))
  done
done
(( rounds == 0 )) || echo "RESULT rate-limit-cost off_rps=$((total[off] / 3)) leased_rps=$((total[leased] / 3)) each_rps=$((total[each] / 3)) leased_to_off=$(bench_ratio "${total[leased]}" "${total[off]}") each_to_off=$(bench_ratio "${total[each]}" "${total[off]}")"

# Two instances, one budget: 200/s, burst 200, both driven at once.
limit=(PLATFORM_RATE_LIMIT_PER_SECOND=200 PLATFORM_RATE_LIMIT_BURST=200)
restart_course "${limit[@]}"
start_course "$second_port" '' "${limit[@]}"
bench_workspace "Bench rate limit accuracy"   # a fresh workspace: a full bucket
export WRK_PATHS='/v1/headless/courses?length=1' WRK_AUTH="SERVICE:$ws:$key"
out=$(mktemp -d)
WRK_LABEL=one wrk -t1 -c16 -d"$duration" -s bench/wrk.lua "http://127.0.0.1:$port" >"$out/one" &
w1=$!
WRK_LABEL=two wrk -t1 -c16 -d"$duration" -s bench/wrk.lua "http://127.0.0.1:$second_port" >"$out/two" &
w2=$!
wait "$w1" "$w2"
admitted=0 sent=0
for f in one two; do
  line=$(grep '^RESULT' "$out/$f")
  echo "$line"
  answered=$(sed -E 's/.* requests=([0-9]+).*/\1/' <<<"$line")
  refused=$(sed -E 's/.* non2xx=([0-9]+).*/\1/' <<<"$line")
  sent=$((sent + answered))
  admitted=$((admitted + answered - refused))
done
rm -rf "$out"
echo "RESULT rate-limit-two-instances limit_per_s=200 burst=200 seconds=$seconds sent=$sent admitted=$admitted admitted_per_s=$(awk -v a="$admitted" -v s="$seconds" 'BEGIN { printf "%.0f", a / s }') bound_per_s=$(awk -v s="$seconds" 'BEGIN { printf "%.0f", 200 + 200 / s }')"

kill "${extra[@]}" 2>/dev/null || true
extra=()
restart_course "${suite_limits[@]}"
