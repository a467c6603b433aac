#!/usr/bin/env bash
# bench/scorm.sh — processing a 200 MB SCORM package: wall time and peak memory of scorm-service
# next to `unzip -t` of the same file (figures in docs/performance.md).
#
# Needs a running suite (./suite up; SUITE_HOME and the port variables pick another one) and
# python3, jq, curl and unzip. Builds a SCORM 1.2 package of about 195 MiB (180 incompressible
# 1 MiB media files and 2,000 small compressible HTML/JS files, 2,183 entries), then:
#   1. `unzip -t` of it, timed with /usr/bin/time (wall time, max RSS);
#   2. announce, PUT to the presigned URL, create, and poll the status every 100 ms until it is
#      ready: the time from create to ready is the service's processing time (download from S3,
#      checks, extraction of every file back to S3). scorm-service's peak RSS is reset before
#      (/proc/PID/clear_refs, needs root) and read after (VmHWM).
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
printf '%-4s %-12s %-14s %-12s %-14s %-10s\n' run "unzip -t s" "unzip RSS MiB" "service s" "service RSS MiB" "PUT s"
for run in $(seq 1 "$runs"); do
  /usr/bin/time -f '%e %M' -o "$work/time" unzip -tqq "$zip" >/dev/null
  read -r unzip_s unzip_kb <"$work/time"
  ticket=$(curl -sf -H "$auth" -H 'Content-Type: application/json' -d "{\"name\":\"bench.zip\",\"size\":$size}" \
    "$BASE_URL/v1/headless/scorm-package/upload")
  t0=$(now)
  curl -sf -X PUT -H 'Content-Type: application/zip' --data-binary "@$zip" "$(jq -r .url <<<"$ticket")" >/dev/null
  put_s=$(echo "$(now) - $t0" | bc)
  echo 5 >"/proc/$pid/clear_refs"
  t0=$(now)
  course=$(curl -sf -H "$auth" -H 'Content-Type: application/json' \
    -d "{\"hash\":\"$(jq -r .hash <<<"$ticket")\",\"name\":\"bench.zip\"}" "$BASE_URL/v1/headless/scorm-package" | jq -r .courseId)
  while :; do
    status=$(curl -sf -H "$auth" "$BASE_URL/v1/headless/scorm-package/$course" | jq -r .status)
    [[ $status == ready || $status == failed ]] && break
    sleep 0.1
  done
  service_s=$(echo "$(now) - $t0" | bc)
  [[ $status == ready ]] || { echo "run $run: package $course $status" >&2; curl -s -H "$auth" "$BASE_URL/v1/headless/scorm-package/$course" >&2; exit 1; }
  hwm_kb=$(awk '/VmHWM/ {print $2}' "/proc/$pid/status")
  printf '%-4s %-12.2f %-14.1f %-12.2f %-14.1f %-10.2f\n' "$run" "$unzip_s" "$(echo "$unzip_kb / 1024" | bc -l)" \
    "$service_s" "$(echo "$hwm_kb / 1024" | bc -l)" "$put_s"
done
