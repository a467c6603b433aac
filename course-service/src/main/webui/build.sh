#!/usr/bin/env bash
# build.sh OUTPUT_DIR WORK_DIR [SCORM_DIR]: builds the learner pages (Preact + DOMPurify, bundled by
# Vite) into OUTPUT_DIR (META-INF/resources/play, served by Quarkus as /play/…) and, when SCORM_DIR
# is given, the SCO runtime of SCORM packages (vite.scorm.config.js: index.html, launcher.html,
# assets/, static.txt, dynamic.txt) into SCORM_DIR (scorm-runtime/ on the classpath, not served;
# docs/scorm-runtime.md). Called by the Maven build (process-resources). Copies the sources to WORK_DIR, installs with `npm ci` from the committed
# package-lock.json (install.sh: reused while the lock file is unchanged) and runs `vite build` there.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
out=$1
work=$2
scorm_out=${3:-}
"$here/install.sh" "$work"
rm -rf "$work/src" "$work/scorm"
cp -r "$here/src" "$work/src"
cp -r "$here/scorm" "$work/scorm"
cp "$here/vite.config.js" "$here/vite.scorm.config.js" "$here/course.html" "$here/screen.html" "$here/builder.html" \
  "$here/screen-editor.html" "$here/share.html" "$here/lms.html" "$work/"
rm -rf "$out"
(cd "$work" && node node_modules/vite/bin/vite.js build --logLevel warn --outDir "$out" --emptyOutDir)
if [[ -n $scorm_out ]]; then
  rm -rf "$scorm_out"
  (cd "$work" && node node_modules/vite/bin/vite.js build --config vite.scorm.config.js --logLevel warn \
    --outDir "$scorm_out" --emptyOutDir)
fi
