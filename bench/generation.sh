#!/usr/bin/env bash
# bench/generation.sh — course generation with the built-in offline provider through the ingress:
# time from POST /v1/headless/generate/course to its 201 for 10- and 40-screen courses (figures in
# docs/performance.md). The suite runs without a generation provider, so the offline one answers.
#
# Needs a running suite (./suite up), jq and curl. Makes a fresh workspace, generates once per size
# to warm up, then RUNS times per size, and prints the median and the slowest.
# Usage: bench/generation.sh [runs, default 10]
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."
runs=${1:-10}
. bench/lib.sh
bench_env
bench_workspace "Bench generation"

median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2 ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2)}'; }
for screens in 10 40; do
  body=$(jq -n --argjson n "$screens" '{prompt: "Workplace fire safety: alarms, extinguishers, evacuation routes and assembly points",
    audience: "New employees in an office", familiarity: "beginner", tone: "friendly", screenCount: $n, identifier: "bench"}')
  gen() { curl -s -o /dev/null -w '%{http_code} %{time_total}\n' -H "$auth" -H 'Content-Type: application/json' -d "$body" \
    "$BASE_URL/v1/headless/generate/course"; }
  gen >/dev/null
  times=()
  for _ in $(seq "$runs"); do
    read -r code t < <(gen)
    [[ $code == 201 ]] || { echo "generation answered $code, not 201" >&2; exit 1; }
    times+=("$(awk -v t="$t" 'BEGIN {printf "%.1f", t * 1000}')")
  done
  printf '%2s screens: median %s ms, slowest %s ms (%s runs)\n' "$screens" "$(printf '%s\n' "${times[@]}" | median)" \
    "$(printf '%s\n' "${times[@]}" | sort -n | tail -1)" "$runs"
done
