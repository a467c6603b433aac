#!/usr/bin/env bash
# bench/learners.sh — many learners stepping through a published course at once: the latency of
# the player's progress writes (POST /v1/headless/player/progress) and of its session exchange, as
# the course player page sends them, through the ingress (figures in docs/performance.md).
#
# Needs a running suite (./suite up; start it with PLATFORM_RATE_LIMIT_PER_SECOND=0, since every
# learner of one workspace counts against that workspace's limit), jq, curl and node. Makes a fresh
# workspace, imports and publishes a ten-screen course (a quiz on screen 5), issues one embed URL
# per learner (tokens are single-use), then runs bench/learners-load.mjs: each learner exchanges
# its token, then writes its progress screen by screen (numbered, with visible seconds; the quiz
# screen's write carries the question's answer), with THINK_MS (default 1000, randomised ±50 %)
# between screens, all LEARNERS (default 200) starting together. A warm-up of WARMUP learners
# (default 200, the same load) runs first and is not counted: with 20, C2 compilation still took
# 43-53 % of course-service's CPU while the measured learners wrote (async-profiler, 2026-11-28).
# Prints a RESULT line: requests, errors, progress write p50/p95/p99/max, exchange p50/p99.
# Usage: bench/learners.sh [learners, default 200]    THINK_MS=0 bench/learners.sh   (no pauses)
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."
learners=${1:-200}
warmup=${WARMUP:-200}
think=${THINK_MS:-1000}
for tool in jq curl node; do
  command -v "$tool" >/dev/null || { echo "$tool is needed" >&2; exit 1; }
done
. bench/lib.sh
bench_env
bench_workspace "Bench learners"

screens='[]'
for i in 1 2 3 4 5 6 7 8 9 10; do
  if (( i == 5 )); then
    screen="{\"id\":\"s$i\",\"type\":\"blocksQuiz\",\"title\":\"Check $i\",\"elements\":[{\"id\":\"q1\",\"type\":\"question\",\"question\":\"Par?\",
      \"answers\":[{\"id\":\"a1\",\"text\":\"Expected strokes\",\"correct\":true},{\"id\":\"a2\",\"text\":\"A club\",\"correct\":false}]}]}"
  else
    screen="{\"id\":\"s$i\",\"type\":\"blocks\",\"title\":\"Screen $i\",\"elements\":[{\"id\":\"e$i\",\"type\":\"text\",\"title\":\"Part $i\",\"description\":\"<p>Swing easy, part $i.</p>\"}]}"
  fi
  screens=$(jq -c --argjson s "$screen" '. + [$s]' <<<"$screens")
done
document=$(jq -c -n --argjson screens "$screens" '{format: "builder2", title: "Bench learners course", locale: "en", screens: $screens}')
course=$(curl -sf -H "$auth" -H 'Content-Type: application/json' -d "{\"identifier\":\"bench\",\"document\":$document}" \
  "$BASE_URL/v1/headless/courses/import" | jq -r .id)
curl -sf -X POST -H "$auth" "$BASE_URL/v1/headless/course/$course/publish" >/dev/null

# One embed URL per learner (and per warm-up learner); the token is in the URL's fragment.
tokens=()
for n in $(seq 1 $((learners + warmup))); do
  url=$(curl -sf -H "$auth" -H 'Content-Type: application/json' \
    -d "{\"courseId\":$course,\"identifier\":\"bench-learner-$n\"}" "$BASE_URL/v1/headless/embed/course")
  tokens+=("$(sed -E 's/.*#token=([^&"]+).*/\1/' <<<"$url")")
done
plan=$(jq -n --arg base "$BASE_URL" --argjson think "$think" --argjson screens 10 --argjson quiz 4 --argjson warmup "$warmup" \
  '{baseUrl: $base, thinkMs: $think, screens: $screens, quizScreen: $quiz, warmup: $warmup, tokens: $ARGS.positional}' \
  --args "${tokens[@]}")
echo "course $course: $learners learners at once (+$warmup warm-up), ${think} ms between screens" >&2
bench_profile course-service 10 learners-progress
node bench/learners-load.mjs <<<"$plan"
bench_profile_wait
