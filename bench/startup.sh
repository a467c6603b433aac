#!/usr/bin/env bash
# bench/startup.sh — start time and idle RSS of each service, one at a time, on a running suite.
#
# For each service: stop the suite's instance, start it again alone with the same environment
# and JVM options as ./suite uses, and measure the time until /q/health/ready answers 200,
# Quarkus' own "started in" figure, and the resident set size after 20 s idle.
# Prints a RESULT line per service and, as the limit, what the JVM itself takes with the same
# options (`java -version`: start-up and peak RSS), plus the slowest start and biggest RSS.
# Measure on a suite whose services start from their ahead-of-time cache (.suite/aot): the
# second `./suite up` after a build records it and the following `./suite down` writes it, so
# run `./suite up && ./suite down && ./suite up && ./suite down && ./suite up` first. --no-cache starts without any cache;
# --cds with the dynamic class-data archive older JDKs get (written at the first clean stop, so
# the second --cds run is the one to read).
# Usage: bench/startup.sh [--no-cache | --cds]
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."
SUITE_HOME=${SUITE_HOME:-$PWD/.suite}
case ${1:-} in
  '') mode=aot ;;
  --no-cache) mode=none ;;
  --cds) mode=cds ;;
  *) echo "usage: bench/startup.sh [--no-cache | --cds]" >&2; exit 2 ;;
esac
java_home=$(tr '\0' '\n' < /proc/"$(cat "$SUITE_HOME/run/members-service.pid")"/environ | sed -n 's/^JAVA_HOME=//p')
java_home=${java_home:-/usr/lib/jvm/temurin-25-jdk-amd64}
printf '%-20s %10s %12s %10s\n' service ready_ms quarkus_s idle_rss_mb
worst_ready=0 worst_rss=0
while read -r svc _ _; do
  [[ $svc == \#* || -z $svc ]] && continue
  pidfile=$SUITE_HOME/run/$svc.pid
  pid=$(cat "$pidfile")
  mapfile -t envs < <(tr '\0' '\n' < /proc/"$pid"/environ)   # all of it: secrets come in the environment
  read -r -a opts < <(tr '\0' ' ' < /proc/"$pid"/cmdline | sed 's/^[^ ]* //; s/ -jar .*//') || true
  mapfile -t opts < <(printf '%s\n' "${opts[@]}" | grep -v -E 'SharedArchive|AOTCache')
  case $mode in
    aot)
      [[ -f $SUITE_HOME/aot/$svc.aot ]] \
        || { echo "bench/startup.sh: $svc has no AOT cache yet: ./suite down && ./suite up (the second start of a build records it; the down after it writes it)" >&2; exit 1; }
      opts+=("-XX:AOTCache=$SUITE_HOME/aot/$svc.aot") ;;
    cds) opts+=(-XX:+AutoCreateSharedArchive "-XX:SharedArchiveFile=$SUITE_HOME/aot/$svc.jsa") ;;
  esac
  kill "$pid"
  while kill -0 "$pid" 2>/dev/null; do sleep 0.1; done
  log=$SUITE_HOME/logs/$svc.log
  t0=$(date +%s%N)
  nohup env -i "${envs[@]}" "$java_home/bin/java" "${opts[@]}" -jar "$PWD/$svc/target/quarkus-app/quarkus-run.jar" >>"$log" 2>&1 &
  echo $! > "$pidfile"
  until curl -sf -o /dev/null "http://127.0.0.1:$(sed -n 's/^QUARKUS_HTTP_PORT=//p' <<<"$(printf '%s\n' "${envs[@]}")")/q/health/ready"; do sleep 0.05; done
  t1=$(date +%s%N)
  sleep 20
  started=$(grep -o 'started in [0-9.]*s' "$log" | tail -1 | grep -o '[0-9.]*')
  ready_ms=$(((t1 - t0) / 1000000))
  rss_mb=$(($(ps -o rss= -p "$(cat "$pidfile")") / 1024))
  printf '%-20s %10d %12s %10d\n' "$svc" "$ready_ms" "$started" "$rss_mb"
  echo "RESULT startup-$svc mode=$mode ready_ms=$ready_ms started_s=$started idle_rss_mb=$rss_mb"
  (( ready_ms > worst_ready )) && worst_ready=$ready_ms
  (( rss_mb > worst_rss )) && worst_rss=$rss_mb
done < deploy/services.tsv
# The floor: the same JVM and options doing nothing.
jvm_opts=()
for o in "${opts[@]}"; do [[ $o == -XX:*SharedArchive* || $o == -XX:AOTCache* ]] || jvm_opts+=("$o"); done
t0=$(date +%s%N)
floor_rss=$( { /usr/bin/time -f '%M' "$java_home/bin/java" "${jvm_opts[@]}" -version 2>&1 >/dev/null; } | tail -1)
t1=$(date +%s%N)
echo "RESULT startup mode=$mode worst_ready_ms=$worst_ready worst_idle_rss_mb=$worst_rss jvm_floor_ms=$(((t1 - t0) / 1000000)) jvm_floor_rss_mb=$((floor_rss / 1024)) target_ready_ms=1500 target_rss_mb=200"
