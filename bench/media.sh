#!/usr/bin/env bash
# bench/media.sh — a large picture through the builder's media calls: the time from asking for an
# upload slot to the first resized width being served (figures in docs/performance.md).
#
# Needs a running suite (./suite up), jq, curl and node. Makes a fresh workspace and a course, opens
# an editing session as the builder does (an edit URL's token exchanged with intent "edit"), writes a
# noise PNG of about 20 MB (3,000 x 2,300 RGB, incompressible, so its size is its pixels), and per
# run: POST …/editor/media (slot, presigned PUT), PUT of the file to S3, POST …/complete (content
# check, resize into widths, re-encode), then GET of the smallest width through the ingress. One
# warm-up run is not counted; prints each run and the medians.
# Usage: bench/media.sh [runs, default 5]
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."
runs=${1:-5}
for tool in jq curl node; do
  command -v "$tool" >/dev/null || { echo "$tool is needed" >&2; exit 1; }
done
. bench/lib.sh
bench_env
bench_workspace "Bench media"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
picture=$work/picture.png
node - "$picture" <<'JS'
// A PNG of random pixels: filter byte 0 per row, stored (level 0) deflate, so the file is ~ its pixels.
const fs = require('fs');
const zlib = require('zlib');
const crypto = require('crypto');
const [w, h] = [3000, 2300];
const raw = Buffer.alloc((w * 3 + 1) * h);
crypto.randomFillSync(raw);
for (let y = 0; y < h; y++) raw[y * (w * 3 + 1)] = 0;
const table = new Int32Array(256).map((_, n) => { let c = n; for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1; return c; });
const crc = (buf) => { let c = -1; for (const b of buf) c = table[(c ^ b) & 0xff] ^ (c >>> 8); return (c ^ -1) >>> 0; };
const chunk = (type, data) => {
  const head = Buffer.alloc(8); head.writeUInt32BE(data.length, 0); head.write(type, 4, 'ascii');
  const sum = Buffer.alloc(4); sum.writeUInt32BE(crc(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, sum]);
};
const ihdr = Buffer.alloc(13); ihdr.writeUInt32BE(w, 0); ihdr.writeUInt32BE(h, 4); ihdr[8] = 8; ihdr[9] = 2;
fs.writeFileSync(process.argv[2], Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
  chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(raw, { level: 0 })), chunk('IEND', Buffer.alloc(0))]));
JS
size=$(stat -c %s "$picture")

course=$(curl -sf -H "$auth" -H 'Content-Type: application/json' -d '{"title":"Bench media","identifier":"bench"}' \
  "$BASE_URL/v1/headless/courses" | jq -r .id)
url=$(curl -sf -H "$auth" -H 'Content-Type: application/json' \
  -d "{\"action\":\"edit\",\"courseId\":$course,\"identifier\":\"bench\"}" "$BASE_URL/v1/headless/embed/course")
session=$(jq -n --arg t "${url#*#token=}" '{token: $t, intent: "edit"}' \
  | curl -sf -H 'Content-Type: application/json' -d @- "$BASE_URL/v1/headless/player/sessions" | jq -r .session)
editor=(-H "X-Player-Session: $session" -H 'Content-Type: application/json')
echo "picture: $size bytes, 3000 x 2300 PNG; course $course; $runs runs (+1 warm-up)"

ms() { date +%s%3N; }
totals=() puts=() completes=()
for i in $(seq 0 "$runs"); do
  t0=$(ms)
  slot=$(curl -sf "${editor[@]}" -d "{\"filename\":\"bench-$i.png\",\"contentType\":\"image/png\",\"size\":$size,\"altText\":\"Noise\"}" \
    "$BASE_URL/v1/headless/player/editor/media")
  id=$(jq -r .media.id <<<"$slot")
  headers=()
  while IFS= read -r line; do headers+=(-H "$line"); done < <(jq -r '.upload.headers | to_entries[] | "\(.key): \(.value)"' <<<"$slot")
  t1=$(ms)
  curl -sf -X PUT "${headers[@]}" --data-binary @"$picture" "$(jq -r .upload.url <<<"$slot")" >/dev/null
  t2=$(ms)
  ready=$(curl -sf "${editor[@]}" -X POST "$BASE_URL/v1/headless/player/editor/media/$id/complete")
  smallest=$(jq -r '.variants | min_by(.width) | .url' <<<"$ready")
  curl -sf -o /dev/null "$smallest"
  t3=$(ms)
  echo "run $i$( ((i == 0)) && echo ' (warm-up)'): total $((t3 - t0)) ms (slot $((t1 - t0)), PUT $((t2 - t1)), complete + first width $((t3 - t2))); widths $(jq -c '[.variants[].width]' <<<"$ready")"
  if ((i > 0)); then totals+=($((t3 - t0))) puts+=($((t2 - t1))) completes+=($((t3 - t2))); fi
done
median() { printf '%s\n' "$@" | sort -n | awk '{v[NR]=$1} END {print (NR % 2) ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2}'; }
echo "median: total $(median "${totals[@]}") ms; PUT to S3 $(median "${puts[@]}") ms; complete + first width $(median "${completes[@]}") ms"
