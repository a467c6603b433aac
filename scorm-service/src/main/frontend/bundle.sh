#!/usr/bin/env bash
# bundle.sh OUTPUT_DIR WORK_DIR: installs scorm-again from npm (package-lock.json pins it) into
# WORK_DIR and copies its browser bundle into OUTPUT_DIR/META-INF/resources/scorm/assets, where
# Quarkus serves it as /scorm/assets/scorm-again.min.js. Called by the Maven build
# (process-resources); reuses the install while the lock file is unchanged.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
out=$1
work=$2
assets=$out/META-INF/resources/scorm/assets
mkdir -p "$work" "$assets"
lock_sum=$(sha256sum "$here/package-lock.json" | cut -d' ' -f1)
bundle=$work/node_modules/scorm-again/dist/scorm-again.min.js
if [[ ! -f $bundle || $(cat "$work/.lock-sum" 2>/dev/null) != "$lock_sum" ]]; then
  command -v npm >/dev/null || { echo "bundle.sh: npm is needed to fetch scorm-again (apt-get install npm)" >&2; exit 1; }
  cp "$here/package.json" "$here/package-lock.json" "$work/"
  npm ci --prefix "$work" --no-audit --no-fund --ignore-scripts --loglevel=error >&2
  echo "$lock_sum" >"$work/.lock-sum"
fi
cp "$bundle" "$assets/scorm-again.min.js"
cp "$work/node_modules/scorm-again/LICENSE" "$assets/scorm-again.LICENSE.txt"
