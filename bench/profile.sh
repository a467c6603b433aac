#!/usr/bin/env bash
# bench/profile.sh — a CPU flame graph of one running service of the suite, for the rows of
# docs/performance.md that are still short of their target.
#
# Attaches async-profiler (Maven Central's tools.profiler:async-profiler, its Linux x64 agent
# taken from the jar) to the service's JVM for SECONDS, then writes an HTML flame graph and the
# collapsed stacks to .suite/bench/ (SUITE_HOME/bench for a private suite) and prints the
# busiest frames. Meant to run beside a benchmark's measured phase, e.g.
#   bench/profile.sh webhook-dispatcher 20 &  PHASES=steady bench/webhooks.sh
# The event is `cpu` (perf_events, user-space frames only when kernel.perf_event_paranoid > 1)
# falling back to `itimer` where perf_events are not allowed; EVENT=wall profiles wall-clock
# time instead, which shows where threads wait.
#
# Usage: bench/profile.sh SERVICE [SECONDS] [LABEL]     (SECONDS default 20)
# Prints: PROFILE <service> <html file> samples=<n> and the top frames by self samples.
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."
service=${1:?usage: bench/profile.sh SERVICE [SECONDS] [LABEL]}
seconds=${2:-20}
label=${3:-$service}
version=4.1
. bench/lib.sh
bench_jdk
home=${SUITE_HOME:-.suite}
out_dir=$home/bench
mkdir -p "$out_dir"

pid=$(cat "$home/run/$service.pid" 2>/dev/null || true)
if [[ -z $pid ]] || ! kill -0 "$pid" 2>/dev/null; then
  echo "profile: $service is not running (no live pid in $home/run)" >&2
  exit 1
fi

# The agent: from the local Maven repository, fetched from Maven Central when missing.
jar=$HOME/.m2/repository/tools/profiler/async-profiler/$version/async-profiler-$version.jar
if [[ ! -f $jar ]]; then
  ./mvnw -B -q dependency:get -Dartifact="tools.profiler:async-profiler:$version" >&2
fi
lib_dir=$home/async-profiler-$version
lib=$lib_dir/libasyncProfiler.so
if [[ ! -f $lib ]]; then
  mkdir -p "$lib_dir"
  unzip -q -o -j "$jar" 'linux-x64/libasyncProfiler.so' -d "$lib_dir"
fi

stamp=$(date -u +%Y%m%dT%H%M%SZ)
base=$out_dir/profile-$label-$stamp
event=${EVENT:-cpu}
# bench/ProfilerAttach.java loads the agent into the running JVM (JDK 21+ notes a dynamically
# loaded agent in the service's log; it is allowed unless the JVM runs with -XX:-EnableDynamicAgentLoading).
agent() { java bench/ProfilerAttach.java "$pid" "$(readlink -f "$lib")" "$1"; }
if ! agent "start,event=$event,interval=${INTERVAL:-1ms}" 2>/dev/null; then
  [[ $event == cpu ]] || { echo "profile: could not start the $event profiler in $service" >&2; exit 1; }
  event=itimer
  agent "start,event=$event,interval=${INTERVAL:-1ms}"
fi
sleep "$seconds"
# `dump` writes without stopping, so the same samples then go to the flame graph that `stop` writes.
agent "dump,file=$(readlink -f "$out_dir")/${base##*/}.collapsed,collapsed"
agent "stop,file=$(readlink -f "$out_dir")/${base##*/}.html,flamegraph,title=$label-$event"
samples=$(awk '{ n += $NF } END { print n + 0 }' "$base.collapsed")
echo "PROFILE $service $base.html event=$event seconds=$seconds samples=$samples"
# Self time per frame: the last frame of each collapsed stack.
awk -v total="$samples" '{ n = $NF; $NF = ""; k = split($0, f, ";"); self[f[k]] += n }
  END { for (s in self) printf "%6.1f%%  %s\n", 100 * self[s] / (total ? total : 1), s }' "$base.collapsed" |
  sort -rn | head -n "${TOP:-25}"
echo "self samples by package:"
awk -v total="$samples" '{ n = $NF; $NF = ""; k = split($0, f, ";"); m = split(f[k], p, "/");
    pkg = (m >= 3) ? p[1] "/" p[2] "/" p[3] : (m == 2 ? p[1] : f[k]); sub(/[ _].*$/, "", pkg); self[pkg] += n }
  END { for (s in self) printf "%6.1f%%  %s\n", 100 * self[s] / (total ? total : 1), s }' "$base.collapsed" |
  sort -rn | head -n "${TOP:-15}"
