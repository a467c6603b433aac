#!/usr/bin/env bash
# bench/all.sh — every row of the performance table of docs/performance.md in one go, each path
# measured next to its limit in the same run (under 15 minutes on the 2-core machine once the
# members data is seeded; the first run seeds it, about 3 minutes more).
#
# Needs a suite started without the per-workspace rate limit from its services' ahead-of-time
# caches (the first `up` after a build starts them plain, the second records the caches, the
# `down` after it writes them), wrk, jq and unzip:
#   ./suite up && ./suite down && ./suite up && ./suite down
#   PLATFORM_RATE_LIMIT_PER_SECOND=0 SUITE_EVENT_LOG_LEVEL=INFO ./suite up && bench/all.sh
# A JVM that records its cache runs slower: measure on the `up` after the recording one.
# PostgreSQL needs max_connections of 200 or more and autovacuum on (both checked below).
# The start-up row runs first: restarting members-service once the members row has seeded its
# 100,000 members would start their provisioning into Keycloak and load the machine for minutes.
# Prints each script's output, then the RESULT lines of the run; both are also written to
# $SUITE_HOME/bench/<UTC time>.log. BENCH_ROWS="course-get course-list" runs some rows only.
# PROFILE=1 adds a flame graph of the service behind each row while it is measured
# (bench/profile.sh; the files are named in the log's PROFILE lines).
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."
. bench/lib.sh
home=${SUITE_HOME:-$PWD/.suite}
mkdir -p "$home/bench"
log=$home/bench/$(date -u +%Y%m%dT%H%M%SZ).log
rows=${BENCH_ROWS:-startup course-get course-list members webhooks scorm learners}
# The six services' pools, Keycloak, a bare handler's pool and the members row's pgbench (32
# clients) need more than PostgreSQL's default of 100 connections: below 200 the members row
# fails and the others wait for connections, so the run would measure that.
max_connections=$(psql -qtAX -h 127.0.0.1 -U postgres -d postgres -c 'show max_connections')
if (( max_connections < 200 )); then
  echo "bench/all.sh: PostgreSQL's max_connections is $max_connections; raise it to 200 or more first:" >&2
  echo "  psql -h 127.0.0.1 -U postgres -c 'alter system set max_connections = 300' and restart PostgreSQL" >&2
  exit 2
fi
bench_require_autovacuum
# SCORM: two imports, the first on the JVM the start-up row just restarted (cold), the second the
# row's figure, as the other rows measure after a warm-up.
declare -A args=([course-get]=15s [course-list]=10s [members]=10s [webhooks]="" [scorm]=2 [startup]="" [learners]="")
start=$SECONDS
status=0
for row in $rows; do
  echo "== bench/$row.sh ${args[$row]:-} ($(date -u +%H:%M:%S))" | tee -a "$log"
  t0=$SECONDS
  if ! bench/"$row".sh ${args[$row]:+"${args[$row]}"} 2>&1 | tee -a "$log"; then
    echo "!! bench/$row.sh failed" | tee -a "$log"
    status=1
  fi
  echo "== bench/$row.sh took $((SECONDS - t0)) s" | tee -a "$log"
done
echo
echo "== summary ($((SECONDS - start)) s; log $log)"
grep '^RESULT' "$log" || true
exit $status
