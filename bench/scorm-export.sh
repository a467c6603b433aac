#!/usr/bin/env bash
# bench/scorm-export.sh — SCORM export of a 40-screen Builder 2 course through the ingress: time to
# the last byte and package size for each type and version (figures in docs/performance.md).
#
# Needs a running suite (./suite up), jq and curl. Makes a fresh workspace with the scorm_export
# feature, imports and publishes a course of 40 screens (text, flip cards, a question on every fifth
# screen), exports each combination once to warm up, then RUNS times, and prints the median.
# Usage: bench/scorm-export.sh [runs, default 10] [screens, default 40]
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."
runs=${1:-10}
screens=${2:-40}
. bench/lib.sh
bench_env
bench_workspace "Bench SCORM export" '[]' '["scorm_export"]'

document=$(jq -n --argjson n "$screens" '{format: "builder2", title: "Bench export course", locale: "en",
  screens: [range(1; $n + 1) as $i |
    if $i % 5 == 0 then {id: "s\($i)", type: "blocksQuiz", title: "Check \($i)", elements: [{id: "q\($i)", type: "question",
      question: "Question \($i): which answer is right?", answers: [{id: "a\($i)r", text: "The right one", correct: true},
      {id: "a\($i)w", text: "The wrong one", correct: false}]}]}
    else {id: "s\($i)", type: "blocks", title: "Screen \($i)", elements: [
      {id: "t\($i)", type: "text", title: "Part \($i)", description: ("<p>" + ("Some paragraph text of the course, as an author writes it. " * 8) + "</p>")},
      {id: "f\($i)", type: "flipcard", title: "Term \($i)", cardBack: "The meaning of term \($i), in a sentence."}]} end]}')
course=$(curl -sf -H "$auth" -H 'Content-Type: application/json' -d "{\"identifier\":\"bench\",\"document\":$document}" \
  "$BASE_URL/v1/headless/courses/import" | jq -r .id)
curl -sf -o /dev/null -X POST -H "$auth" "$BASE_URL/v1/headless/course/$course/publish"
echo "course $course: $screens screens, $runs runs per combination after one warm-up"

median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2 ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2)}'; }
for type in static dynamic; do
  for version in 1.2 2004; do
    url="$BASE_URL/v1/headless/course/scorm/$course?type=$type&version=$version"
    curl -sf -o /dev/null -H "$auth" "$url"
    times=()
    size=0
    for _ in $(seq "$runs"); do
      read -r t s < <(curl -sf -o /dev/null -w '%{time_total} %{size_download}\n' -H "$auth" "$url")
      times+=("$(awk -v t="$t" 'BEGIN {printf "%.1f", t * 1000}')")
      size=$s
    done
    printf '%-8s %-5s median %s ms to the last byte, %s KB\n' "$type" "$version" \
      "$(printf '%s\n' "${times[@]}" | median)" "$(awk -v s="$size" 'BEGIN {printf "%.1f", s / 1024}')"
  done
done
