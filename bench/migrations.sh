#!/usr/bin/env bash
# bench/migrations.sh — how long migration takes, through the ingress of a running suite.
#
# Creates a fresh enterprise workspace (admin API), imports N Classic courses of S slides each
# (content, flashcards, quiz and video slides in turn; a 4-question quiz, 3 cards), then
#   1. migrates them as one batch (POST /v1/headless/course-migrations, 202) and polls the batch
#      every 100 ms until it is completed: wall time from the POST to the first poll that sees
#      the end, and the server's own time (batch created -> completed, from its answer);
#   2. migrates M more courses one by one (POST /v1/headless/course/{id}/migrate, 200):
#      the latency of the single-course path.
# Import time is not measured. The figures go to docs/performance.md.
#
# Usage: bench/migrations.sh [courses, default 50] [slides, default 40] [single calls, default 20]
# Works against whatever suite ./suite env describes (SUITE_HOME, SUITE_PORT_BASE, ...).
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."
courses=${1:-50}
slides=${2:-40}
singles=${3:-20}
. bench/lib.sh
bench_env
bench_workspace "Bench migrations"

# One Classic document of $slides slides.
document=$(jq -cn --argjson n "$slides" '
  {format: "classic", title: "Bench classic", slides: [range(1; $n + 1) as $i |
    if $i % 4 == 1 then {id: $i, kind: "content", heading: "Slide \($i)", body: "<p>Body of slide \($i), with some text to convert.</p>",
                          image: {url: "https://cdn.example.com/\($i).png", alt: "Picture \($i)"}}
    elif $i % 4 == 2 then {id: $i, kind: "flashcards", heading: "Cards \($i)",
                          cards: [range(1; 4) as $c | {id: $c, front: "Front \($c)", back: "Back \($c)"}]}
    elif $i % 4 == 3 then {id: $i, kind: "quiz", heading: "Quiz \($i)",
                          questions: [range(1; 5) as $q | {id: ($i * 100 + $q), prompt: "Question \($q)?",
                            choices: [range(1; 5) as $a | {id: $a, text: "Answer \($a)", correct: ($a == 1)}]}]}
    else {id: $i, kind: "video", heading: "Video \($i)", video: {url: "https://cdn.example.com/\($i).mp4"}} end]}')
echo "workspace $ws: importing $((courses + singles)) courses of $slides slides ($(printf %s "$document" | wc -c) bytes each)"
ids=()
for ((i = 0; i < courses + singles; i++)); do
  ids+=("$(curl -sf -H "$auth" -H 'Content-Type: application/json' \
    -d "{\"identifier\":\"bench\",\"document\":$document}" "$BASE_URL/v1/headless/courses/import" | jq -r .id)")
done
batch_ids=$(IFS=,; echo "${ids[*]:0:courses}")

now_ms() { date +%s%3N; }
start=$(now_ms)
batch=$(curl -sf -H "$auth" -H 'Content-Type: application/json' -d "{\"courseIds\":[$batch_ids]}" \
  "$BASE_URL/v1/headless/course-migrations" | jq -r .id)
accepted=$(now_ms)
while :; do
  answer=$(curl -sf -H "$auth" "$BASE_URL/v1/headless/course-migrations/$batch")
  status=$(jq -r .status <<<"$answer")
  [[ $status == completed* ]] && break
  sleep 0.1
done
end=$(now_ms)
server_ms=$(($(date -d "$(jq -r .completed <<<"$answer")" +%s%3N) - $(date -d "$(jq -r .created <<<"$answer")" +%s%3N)))
echo "RESULT batch courses=$courses slides=$slides status=$status counts=$(jq -c .counts <<<"$answer")"
echo "RESULT batch accepted_ms=$((accepted - start)) wall_ms=$((end - start)) per_course_ms=$(((end - start) / courses)) server_ms=$server_ms"

times=()
for ((i = courses; i < courses + singles; i++)); do
  t0=$(now_ms)
  out=$(curl -sf -H "$auth" -X POST "$BASE_URL/v1/headless/course/${ids[$i]}/migrate" | jq -r .status)
  t1=$(now_ms)
  [[ $out == migrated ]] || { echo "course ${ids[$i]}: $out" >&2; exit 1; }
  times+=($((t1 - t0)))
done
sorted=$(printf '%s\n' "${times[@]}" | sort -n)
p50=$(sed -n "$(((singles + 1) / 2))p" <<<"$sorted")
max=$(tail -1 <<<"$sorted")
sum=0; for t in "${times[@]}"; do sum=$((sum + t)); done
echo "RESULT single calls=$singles slides=$slides mean_ms=$((sum / singles)) p50_ms=$p50 max_ms=$max"
