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
# Prints: PROFILE <service> <html file> samples=<n>, the top frames by self samples and the
# samples by layer (JIT compiler, Netty and Vert.x, Quarkus REST, Jackson, the service's own code, ...).
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
# It is compiled once, beside the agent: run from source, each of the three attaches cost about a
# second of CPU inside the benchmark's measured window.
classes=$lib_dir/classes
if [[ ! -f $classes/ProfilerAttach.class || bench/ProfilerAttach.java -nt $classes/ProfilerAttach.class ]]; then
  mkdir -p "$classes"
  javac -d "$classes" bench/ProfilerAttach.java
fi
agent() { java -Xshare:auto -XX:TieredStopAtLevel=1 -cp "$classes" ProfilerAttach "$pid" "$(readlink -f "$lib")" "$1"; }
# A sample every 10 ms by default: enough for a flame graph of a 20 s window, a tenth of the
# profiler's cost at 1 ms (INTERVAL=1ms for more detail).
interval=${INTERVAL:-10ms}
if ! agent "start,event=$event,interval=$interval" 2>/dev/null; then
  [[ $event == cpu ]] || { echo "profile: could not start the $event profiler in $service" >&2; exit 1; }
  event=itimer
  agent "start,event=$event,interval=$interval"
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
  sort -rn | head -n "${TOP:-25}" || true   # head may close the pipe before sort is done
# Samples by layer: each stack goes to the innermost frame that names a layer, so a request is
# not counted as "security" because the authentication handler is at the bottom of every stack.
echo "samples by layer (innermost):"
awk '
function layer(f) {
  if (f ~ /CompileBroker|C2Compiler|C1Compiler|^Compile::|^Phase[A-Z]/) return "JIT compiler";
  if (f ~ /GCTaskThread|VM_GenCollect|DefNewGeneration|SerialHeap|VMThread|OopOopIterate/) return "GC and VM";
  if (f ~ /^org\/hibernate/) return "Hibernate";
  if (f ~ /^com\/fasterxml\/jackson/) return "Jackson";
  if (f ~ /^org\/apache\/kafka/) return "Kafka client";
  if (f ~ /^io\/vertx\/pgclient|^io\/vertx\/sqlclient/) return "PostgreSQL client";
  if (f ~ /^software\/amazon\/awssdk|^org\/apache\/http/) return "AWS SDK (S3 client)";
  if (f ~ /^org\/courseplatform\/platform\/auth|^io\/quarkus\/security|runtime\/security\//) return "security";
  if (f ~ /^org\/courseplatform/) return "the service'"'"'s own code";
  if (f ~ /^io\/quarkus\/resteasy|^org\/jboss\/resteasy|^io\/quarkus\/rest/) return "Quarkus REST";
  if (f ~ /^io\/smallrye\/context|^io\/smallrye\/mutiny|^io\/quarkus\/arc/) return "Mutiny, context, ArC";
  if (f ~ /^sun\/security|^javax\/crypto|^com\/sun\/crypto/) return "TLS and crypto";
  if (f ~ /^io\/netty|^io\/vertx/) return "Netty and Vert.x";
  if (f ~ /_\[k\]$|^__|^syscall|^epoll|^write|^read|^send|^recv/) return "kernel (network, scheduling)";
  return "";
}
{ n = $NF; $NF = ""; total += n; k = split($0, f, ";"); c = "other";
  for (i = k; i >= 1; i--) { x = layer(f[i]); if (x != "") { c = x; break } }
  by[c] += n }
END { for (c in by) printf "%6.1f%%  %s\n", 100 * by[c] / (total ? total : 1), c }' "$base.collapsed" | sort -rn
