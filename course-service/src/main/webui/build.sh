#!/usr/bin/env bash
# build.sh OUTPUT_DIR WORK_DIR: builds the learner pages (Preact + DOMPurify, bundled by Vite) into
# OUTPUT_DIR (META-INF/resources/play, served by Quarkus as /play/…). Called by the Maven build
# (process-resources). Copies the sources to WORK_DIR, installs with `npm ci` from the committed
# package-lock.json (reused while the lock file is unchanged) and runs `vite build` there.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
out=$1
work=$2
command -v npm >/dev/null || { echo "build.sh: npm (Node 20.19 or newer) is needed to build the player pages" >&2; exit 1; }
mkdir -p "$work"
lock_sum=$(sha256sum "$here/package-lock.json" | cut -d' ' -f1)
if [[ ! -d $work/node_modules || $(cat "$work/.lock-sum" 2>/dev/null) != "$lock_sum" ]]; then
  cp "$here/package.json" "$here/package-lock.json" "$work/"
  npm ci --prefix "$work" --no-audit --no-fund --ignore-scripts --loglevel=error >&2
  echo "$lock_sum" >"$work/.lock-sum"
fi
rm -rf "$work/src"
cp -r "$here/src" "$work/src"
cp "$here/vite.config.js" "$here/course.html" "$here/screen.html" "$here/builder.html" "$here/screen-editor.html" "$here/share.html" "$work/"
rm -rf "$out"
(cd "$work" && node node_modules/vite/bin/vite.js build --logLevel warn --outDir "$out" --emptyOutDir)
