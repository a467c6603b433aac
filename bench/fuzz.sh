#!/usr/bin/env bash
# bench/fuzz.sh — a long API fuzz run through the ingress of a running suite (./suite up;
# SUITE_HOME and the port variables pick another one). It runs the system test FuzzIT with a
# larger budget: valid requests and their mutations for every operation of the six services'
# OpenAPI documents, checking that no answer is a 5xx, every 4xx is in the error shape, and every
# answer keeps to the operation's document (a documented status; a 2xx JSON body of the
# documented schema; docs/testing.md#api-fuzzing).
#
# The run prints `fuzz seed=<n>` first and a report last (failures deduplicated by operation,
# mutation and status, each with its first request). The same seed sends the same requests in
# the same order, so `--seed <n>` replays a failing run (best on a fresh suite: ids depend on
# what the database already holds).
#
# Usage: bench/fuzz.sh [--seed N] [--requests N] [--seconds N] [--timeout S] [--log FILE]
#   --requests  how many requests at most (default 100000)
#   --seconds   time budget (default 600); the run stops at whichever comes first
#   --timeout   seconds one request may take before it counts as a hang (default 30)
#   --log       a file that gets one line per request (index, status, mutation, request)
# Exit status: Maven's (non-zero when the run found failures).
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."
seed='' requests=100000 seconds=600 timeout=30 log=''
while (( $# )); do
  case $1 in
    --seed) seed=$2; shift 2 ;;
    --requests) requests=$2; shift 2 ;;
    --seconds) seconds=$2; shift 2 ;;
    --timeout) timeout=$2; shift 2 ;;
    --log) log=$(readlink -f "$2"); shift 2 ;;
    -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
    *) echo "unknown argument: $1 (see --help)" >&2; exit 2 ;;
  esac
done
for n in "$requests" "$seconds" "$timeout" ${seed:+"$seed"}; do
  [[ $n =~ ^[0-9]+$ ]] || { echo "not a number: $n" >&2; exit 2; }
done
. bench/lib.sh
bench_jdk
bench_env
# The system test reads the suite from its environment (BASE_URL, OPERATOR_TOKEN, <SERVICE>_URL, ...).
eval "$(./suite env --export)"
args=(-B -pl system-tests verify -DskipITs=false -Dit.test=FuzzIT -Dtest=NoUnitTests
      -Dsurefire.failIfNoSpecifiedTests=false -Dfuzz.requests="$requests" -Dfuzz.seconds="$seconds"
      -Dfuzz.timeout="$timeout")
[[ -n $seed ]] && args+=(-Dfuzz.seed="$seed")
[[ -n $log ]] && args+=(-Dfuzz.log="$log")
echo "==> fuzz through $BASE_URL: ${seed:+seed $seed, }at most $requests requests in ${seconds}s" >&2
exec ./mvnw "${args[@]}"
