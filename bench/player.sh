#!/usr/bin/env bash
# bench/player.sh — the Course Player's first load in headless Chromium: bytes transferred and time
# from inserting the iframe to the player's "ready" event (figures in docs/performance.md).
#
# Needs a running suite (./suite up), jq, curl, node and Debian's chromium (/usr/bin/chromium or
# CHROMIUM). Makes a fresh workspace, imports and publishes a three-screen course (text, question,
# text), issues one view URL per run (tokens are single-use) with a tenant page on
# tenant.localhost as parentOrigin, and runs bench/player-load.mjs from system-tests/target/browser
# (its npm packages from system-tests/src/test/js/package-lock.json, installed with npm ci when
# missing). Each run is a fresh browser context (cold cache); one warm-up run is not counted.
# Usage: bench/player.sh [runs, default 5]
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."
runs=${1:-5}
for tool in jq curl node npm python3; do
  command -v "$tool" >/dev/null || { echo "$tool is needed" >&2; exit 1; }
done
[[ -x ${CHROMIUM:-/usr/bin/chromium} ]] || { echo "chromium is needed (apt-get install chromium)" >&2; exit 1; }
. bench/lib.sh
bench_env
bench_workspace "Bench player"

dir=system-tests/target/browser
mkdir -p "$dir"
cp system-tests/src/test/js/package.json system-tests/src/test/js/package-lock.json bench/player-load.mjs "$dir/"
if [[ ! -f $dir/node_modules/playwright-core/package.json ]]; then
  (cd "$dir" && npm ci --no-audit --no-fund --ignore-scripts --loglevel=error)
fi

document='{"format":"builder2","title":"Bench player course","locale":"en","screens":[
 {"id":"s1","type":"blocks","title":"Welcome","elements":[{"id":"e1","type":"text","title":"Intro","description":"<p>Swing easy.</p>"},
   {"id":"e2","type":"timeEstimate","minutes":5}]},
 {"id":"s2","type":"blocksQuiz","title":"Check","elements":[{"id":"q1","type":"question","question":"Par?",
   "answers":[{"id":"a1","text":"Expected strokes","correct":true},{"id":"a2","text":"A club","correct":false}]}]},
 {"id":"s3","type":"blocks","title":"Done","elements":[{"id":"e3","type":"text","title":"End","description":"<p>Well played.</p>"}]}]}'
course=$(curl -sf -H "$auth" -H 'Content-Type: application/json' -d "{\"identifier\":\"bench\",\"document\":$document}" \
  "$BASE_URL/v1/headless/courses/import" | jq -r .id)
curl -sf -X POST -H "$auth" "$BASE_URL/v1/headless/course/$course/publish" >/dev/null

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
parent="http://tenant.localhost:$port"
urls=()
for run in $(seq 0 "$runs"); do
  urls+=("$(curl -sf -H "$auth" -H 'Content-Type: application/json' \
    -d "{\"courseId\":$course,\"identifier\":\"bench-learner-$run\",\"parentOrigin\":\"$parent\"}" \
    "$BASE_URL/v1/headless/embed/course")")
done
plan=$(jq -n --arg base "$BASE_URL" --arg parent "$parent" '{baseUrl: $base, parentOrigin: $parent, warmup: 1, urls: $ARGS.positional}' \
  --args "${urls[@]}")
echo "course $course, $runs runs (+1 warm-up), fresh browser context each"
(cd "$dir" && node player-load.mjs <<<"$plan") | tee /dev/stderr | tail -1 | jq -r \
  '"median time to ready: \(.medianMsToReady) ms; median bytes: \(.medianBytes) in \(.medianRequests) requests (Performance API: \(.medianPerformanceApiBytes))"'
