#!/usr/bin/env bash
# bench/scorm.sh — processing a 189 MB SCORM package: wall time and peak memory of scorm-service
# against the limit measured in the same run (figures in docs/performance.md).
#
# Needs a running suite (./suite up; SUITE_HOME and the port variables pick another one) and
# python3, jq, curl (>= 7.75, --aws-sigv4) and unzip. Builds a SCORM 1.2 package of 189,190,644
# bytes (180 incompressible 1 MiB media files and 2,000 small compressible HTML files, 2,182
# entries), then, in each run:
#   1. the limit: `unzip -t` of it (wall time, max RSS), plus one PUT and one GET of the same
#      bytes to/from the suite's S3 server (curl --aws-sigv4, the suite's S3 keys);
#   2. announce, PUT to the presigned URL, create, and poll the status every 100 ms until it is
#      ready: the time from create to ready is the service's processing time (download from S3,
#      the checks, and a read of every file; files are served out of the zip, not extracted).
#      scorm-service's peak RSS is reset before (/proc/PID/clear_refs, needs root), sampled
#      while polling and read after (VmHWM).
# Then one learner's session of the last package fetches every file of it once, through the
# ingress on one keep-alive connection (each a ranged read of the zip, pages inflated per request).
# Prints one line per run and `RESULT scorm ...` lines: one per run, a summary of the warm runs
# (every run but the first when there are several): import_s, limit_s, ratio=import/limit
# (target <= 3), peak_rss_mib (target <= 256), and the serving line: files, non-200 answers,
# per-file p50 / p99 / max in ms, files per second.
# Usage: bench/scorm.sh [runs, default 3]
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")/.."
runs=${1:-3}
for tool in python3 jq curl unzip; do
  command -v "$tool" >/dev/null || { echo "$tool is needed" >&2; exit 1; }
done
. bench/lib.sh
bench_env
home=${SUITE_HOME:-$PWD/.suite}
pid=$(cat "$home/run/scorm-service.pid")
[[ -d /proc/$pid ]] || { echo "scorm-service is not running (pid file $home/run/scorm-service.pid)" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
zip=$work/bench-package.zip
python3 - "$zip" <<'PY'
import os, sys, zipfile
path = sys.argv[1]
manifest = """<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="bench" version="1" xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
          xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata><schema>ADL SCORM</schema><schemaversion>1.2</schemaversion></metadata>
  <organizations default="o"><organization identifier="o"><title>Bench package</title>
    <item identifier="i1" identifierref="r1"><title>Lesson</title></item></organization></organizations>
  <resources><resource identifier="r1" type="webcontent" adlcp:scormtype="sco" href="index.html">
    <file href="index.html"/></resource></resources>
</manifest>"""
with zipfile.ZipFile(path, "w") as z:
    z.writestr("imsmanifest.xml", manifest, zipfile.ZIP_DEFLATED)
    z.writestr("index.html", "<html><body>bench</body></html>", zipfile.ZIP_DEFLATED)
    for i in range(2000):
        text = ("<p>Lesson text %d. " % i) + "Golf is played with clubs and a ball. " * 250 + "</p>"
        z.writestr("pages/p%04d.html" % i, text, zipfile.ZIP_DEFLATED)
    for i in range(180):
        z.writestr("media/m%03d.bin" % i, os.urandom(1 << 20), zipfile.ZIP_STORED)
PY
size=$(stat -c %s "$zip")
entries=$(unzip -Z1 "$zip" | wc -l)
echo "package: $size bytes, $entries entries"

bench_workspace "Bench SCORM" '["scorm_hosting"]'

now() { date +%s.%N; }
s3_key="bench/scorm-limit-$$.zip"
s3_sign=(--aws-sigv4 "aws:amz:${S3_REGION:-us-east-1}:s3" --user "$S3_ACCESS_KEY:$S3_SECRET_KEY"
  -H 'x-amz-content-sha256: UNSIGNED-PAYLOAD')
s3_cleanup() { curl -sf -X DELETE "${s3_sign[@]}" "$S3_URL/$S3_BUCKET/$s3_key" >/dev/null || true; }
trap 's3_cleanup; rm -rf "$work"' EXIT
rss_kb() { awk -v k="$1:" '$1 == k {print $2}' "/proc/$pid/status"; }

printf '%-4s %-9s %-8s %-8s %-9s %-10s %-12s %-7s %-8s\n' run "unzip s" "S3 PUT" "S3 GET" "limit s" "service s" "service MiB" ratio "upload s"
imports=() limits=() peak=0
for run in $(seq 1 "$runs"); do
  /usr/bin/time -f '%e %M' -o "$work/time" unzip -tqq "$zip" >/dev/null
  read -r unzip_s unzip_kb <"$work/time"
  t0=$(now)
  curl -sf -X PUT "${s3_sign[@]}" -H 'Content-Type: application/zip' -T "$zip" "$S3_URL/$S3_BUCKET/$s3_key" >/dev/null
  s3_put_s=$(echo "$(now) - $t0" | bc)
  t0=$(now)
  got=$(curl -sf "${s3_sign[@]}" -o /dev/null -w '%{size_download}' "$S3_URL/$S3_BUCKET/$s3_key")
  s3_get_s=$(echo "$(now) - $t0" | bc)
  [[ $got == "$size" ]] || { echo "S3 GET returned $got of $size bytes" >&2; exit 1; }
  s3_cleanup
  limit_s=$(echo "$unzip_s + $s3_put_s + $s3_get_s" | bc)

  ticket=$(curl -sf -H "$auth" -H 'Content-Type: application/json' -d "{\"name\":\"bench.zip\",\"size\":$size}" \
    "$BASE_URL/v1/headless/scorm-package/upload")
  t0=$(now)
  curl -sf -X PUT -H 'Content-Type: application/zip' --data-binary "@$zip" "$(jq -r .url <<<"$ticket")" >/dev/null
  put_s=$(echo "$(now) - $t0" | bc)
  echo 5 >"/proc/$pid/clear_refs"
  sampled=$(rss_kb VmRSS)
  # The last run is profiled when PROFILE=1 (its first seconds: the download and the checks).
  if (( run == runs )); then bench_profile scorm-service 5 scorm-import; fi
  t0=$(now)
  course=$(curl -sf -H "$auth" -H 'Content-Type: application/json' \
    -d "{\"hash\":\"$(jq -r .hash <<<"$ticket")\",\"name\":\"bench.zip\"}" "$BASE_URL/v1/headless/scorm-package" | jq -r .courseId)
  while :; do
    status=$(curl -sf -H "$auth" "$BASE_URL/v1/headless/scorm-package/$course" | jq -r .status)
    [[ $status == ready || $status == failed ]] && break
    rss=$(rss_kb VmRSS); (( rss > sampled )) && sampled=$rss
    sleep 0.1
  done
  service_s=$(echo "$(now) - $t0" | bc)
  bench_profile_wait
  [[ $status == ready ]] || { echo "run $run: package $course $status" >&2; curl -s -H "$auth" "$BASE_URL/v1/headless/scorm-package/$course" >&2; exit 1; }
  hwm_kb=$(rss_kb VmHWM); (( sampled > hwm_kb )) && hwm_kb=$sampled
  rss_mib=$(echo "scale=1; $hwm_kb / 1024" | bc)
  ratio=$(echo "scale=2; $service_s / $limit_s" | bc)
  printf '%-4s %-9.2f %-8.2f %-8.2f %-9.2f %-10.2f %-12.1f %-7.2f %-8.2f\n' "$run" "$unzip_s" "$s3_put_s" "$s3_get_s" \
    "$limit_s" "$service_s" "$rss_mib" "$ratio" "$put_s"
  warm=$(( run > 1 || runs == 1 ? 1 : 0 ))
  echo "RESULT scorm run=$run warm=$warm import_s=$(printf '%.2f' "$service_s") limit_s=$(printf '%.2f' "$limit_s")" \
    "unzip_s=$unzip_s s3_put_s=$(printf '%.2f' "$s3_put_s") s3_get_s=$(printf '%.2f' "$s3_get_s") ratio=$ratio" \
    "peak_rss_mib=$rss_mib unzip_rss_mib=$(echo "scale=1; $unzip_kb / 1024" | bc) bytes=$size entries=$entries"
  if (( warm )); then
    imports+=("$service_s"); limits+=("$limit_s")
    (( hwm_kb > peak )) && peak=$hwm_kb
  fi
done
median() { printf '%s\n' "$@" | sort -g | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
import_med=$(median "${imports[@]}")
limit_med=$(median "${limits[@]}")
echo "RESULT scorm warm_runs=${#imports[@]} import_s=$(printf '%.2f' "$import_med") limit_s=$(printf '%.2f' "$limit_med")" \
  "ratio=$(echo "scale=2; $import_med / $limit_med" | bc) ratio_target=3 peak_rss_mib=$(echo "scale=1; $peak / 1024" | bc)" \
  "peak_rss_target_mib=256"

# Serving: a learner's session of the last package asks for every file once.
embed=$(curl -sf -H "$auth" -H 'Content-Type: application/json' \
  -d "{\"courseId\":$course,\"identifier\":\"bench-learner\"}" "$BASE_URL/v1/headless/embed/scorm")
host=$(sed -E 's#^https?://([^/]+)/.*#\1#' <<<"$embed")
page=$(curl -sf -H "Host: $host" -H 'Content-Type: application/json' -d "{\"token\":\"${embed##*#token=}\"}" \
  "$BASE_URL/scorm/launch" | jq -r .location)
base="$BASE_URL${page%/*}/content/"
unzip -Z1 "$zip" | grep -v '/$' | while IFS= read -r path; do
  printf 'url = "%s%s"\noutput = "/dev/null"\n' "$base" "$(jq -rn --arg p "$path" '$p | @uri | gsub("%2F"; "/")')"
done >"$work/files.curl"
t0=$(now)
curl -s -H "Host: $host" -K "$work/files.curl" -w '%{http_code} %{time_total}\n' >"$work/served"
serve_s=$(echo "$(now) - $t0" | bc)
awk -v s="$serve_s" '{n++; if ($1 != 200) bad++; t[n] = $2 * 1000}
  END {asort(t); printf "RESULT scorm serve files=%d non_200=%d p50_ms=%.1f p99_ms=%.1f max_ms=%.1f files_per_s=%.0f\n",
       n, bad, t[int(n * 0.5) + 1], t[int(n * 0.99) + 1], t[n], n / s}' "$work/served"
