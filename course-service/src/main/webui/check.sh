#!/usr/bin/env bash
# check.sh WORK_DIR: lints the pages and their tests (ESLint, eslint.config.js) and runs their unit
# tests (Vitest, vitest.config.js, test/) in a copy in WORK_DIR, with the packages install.sh put
# there. Called by the Maven build in the test phase (skipped with -DskipTests or
# -Dwebui.skipChecks); fails on a lint error or a failing test. In this folder, `npm run lint` and
# `npm test` do the same on the sources themselves (after `npm ci`).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
work=$1
"$here/install.sh" "$work"
rm -rf "$work/src" "$work/scorm" "$work/test"
cp -r "$here/src" "$here/scorm" "$here/test" "$work/"
cp "$here/eslint.config.js" "$here/vitest.config.js" "$here/vite.config.js" "$here/vite.scorm.config.js" "$work/"
cd "$work"
echo "check.sh: eslint ." >&2
node node_modules/eslint/bin/eslint.js --max-warnings 0 .
echo "check.sh: vitest run" >&2
node node_modules/vitest/vitest.mjs run
