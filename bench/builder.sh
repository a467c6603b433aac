#!/usr/bin/env bash
# bench/builder.sh — the course builder in headless Chromium: first load (time from navigation to
# the screen list and to the canvas's first paint, bytes transferred) and the time from a keystroke to a saved draft (figures in
# docs/performance.md).
#
# Needs a running suite (./suite up), jq, curl, node and Debian's chromium (/usr/bin/chromium or
# CHROMIUM). Makes a fresh workspace, imports a three-screen course, issues one edit URL per run
# (tokens are single-use) and runs bench/builder-load.mjs from system-tests/target/browser (npm
# packages from system-tests/src/test/js/package-lock.json, installed with npm ci when missing).
# Each run is a fresh browser context (cold cache); one warm-up run is not counted.
# Usage: bench/builder.sh [runs, default 5] [keystrokes per run, default 5] [screens, default 3]
# With a screen count above 3 the course is made of that many screens (a heading, a paragraph and a
# picture each, a question on every fifth), for the first paint of a long course.
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."
runs=${1:-5}
keystrokes=${2:-5}
screens=${3:-3}
for tool in jq curl node npm; do
  command -v "$tool" >/dev/null || { echo "$tool is needed" >&2; exit 1; }
done
[[ -x ${CHROMIUM:-/usr/bin/chromium} ]] || { echo "chromium is needed (apt-get install chromium)" >&2; exit 1; }
. bench/lib.sh
bench_env
bench_workspace "Bench builder"

dir=system-tests/target/browser
mkdir -p "$dir"
cp system-tests/src/test/js/package.json system-tests/src/test/js/package-lock.json bench/builder-load.mjs "$dir/"
if [[ ! -f $dir/node_modules/playwright-core/package.json ]]; then
  (cd "$dir" && npm ci --no-audit --no-fund --ignore-scripts --loglevel=error)
fi

if (( screens <= 3 )); then
  document='{"format":"builder2","title":"Bench builder course","locale":"en","screens":[
 {"id":"s1","type":"blocks","title":"Welcome","elements":[{"id":"e1","type":"text","title":"Intro","description":"<p>Swing easy.</p>"},
   {"id":"e2","type":"timeEstimate","minutes":5}]},
 {"id":"s2","type":"blocksQuiz","title":"Check","elements":[{"id":"q1","type":"question","question":"Par?",
   "answers":[{"id":"a1","text":"Expected strokes","correct":true},{"id":"a2","text":"A club","correct":false}]}]},
 {"id":"s3","type":"blocks","title":"Done","elements":[{"id":"e3","type":"flipcard","title":"Birdie","cardBack":"One under par"}]}]}'
else
  document=$(jq -nc --argjson n "$screens" --arg base "$BASE_URL" '{format: "builder2", title: "Bench builder course, \($n) screens", locale: "en",
    screens: [range(1; $n + 1) as $i | if $i % 5 == 0 then
      {id: "s\($i)", type: "blocksQuiz", title: "Check \($i)", elements: [{id: "q\($i)", type: "question", question: "Question \($i)?",
        answers: [{id: "a1", text: "Right", correct: true}, {id: "a2", text: "Wrong", correct: false}]}]}
    else
      {id: "s\($i)", type: "blocks", title: "Screen \($i)", elements: [
        {id: "h\($i)", type: "heading", title: "Heading of screen \($i)", level: 2},
        {id: "t\($i)", type: "text", description: "<p>A paragraph of screen \($i), long enough to wrap on a narrow screen.</p>"},
        {id: "i\($i)", type: "image", asset: {url: "\($base)/play/bench-missing-\($i).png"}, altText: "Picture \($i)"}]}
    end]}')
fi
course=$(curl -sf -H "$auth" -H 'Content-Type: application/json' -d "{\"identifier\":\"bench\",\"document\":$document}" \
  "$BASE_URL/v1/headless/courses/import" | jq -r .id)
urls=()
for _ in $(seq 0 "$runs"); do
  urls+=("$(curl -sf -H "$auth" -H 'Content-Type: application/json' \
    -d "{\"action\":\"edit\",\"courseId\":$course,\"identifier\":\"bench\"}" "$BASE_URL/v1/headless/embed/course")")
done
plan=$(jq -n --arg base "$BASE_URL" --argjson k "$keystrokes" '{baseUrl: $base, warmup: 1, keystrokes: $k, urls: $ARGS.positional}' \
  --args "${urls[@]}")
echo "course $course ($screens screens), $runs runs (+1 warm-up), fresh browser context each, $keystrokes keystrokes per run"
(cd "$dir" && node builder-load.mjs <<<"$plan") | tee /dev/stderr | tail -1 | jq -r \
  '"median first load: \(.medianMsToEditor) ms (first contentful paint \(.medianMsFirstContentfulPaint) ms, canvas painted \(.medianMsToCanvasPainted) ms), \(.medianBytes) bytes in \(.medianRequests) requests; keystroke to saved draft: PUT answered \(.medianMsKeystrokeToPutAnswered) ms, \"Saved at\" shown \(.medianMsKeystrokeToSavedShown) ms (PUT round trip \(.medianPutRoundTripMs) ms); failed saves: \(.failedSaves)/\(.keystrokes)"'
