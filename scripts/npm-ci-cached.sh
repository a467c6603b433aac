#!/usr/bin/env bash
# npm-ci-cached.sh PACKAGE_DIR WORK_DIR: the npm packages of PACKAGE_DIR's package.json in
# WORK_DIR/node_modules, installed with `npm ci` from PACKAGE_DIR's committed package-lock.json and
# reused while the lock file is unchanged, so a build works offline once they are there. Used by
# the Maven builds that bundle front-end code (course-service's pages, the API reference's site).
set -euo pipefail
src=$1
work=$2
command -v npm >/dev/null || { echo "npm-ci-cached.sh: npm (Node 20.19 or newer) is needed to build $src" >&2; exit 1; }
mkdir -p "$work"
lock_sum=$(sha256sum "$src/package-lock.json" | cut -d' ' -f1)
if [[ ! -d $work/node_modules || $(cat "$work/.lock-sum" 2>/dev/null) != "$lock_sum" ]]; then
  cp "$src/package.json" "$src/package-lock.json" "$work/"
  npm ci --prefix "$work" --prefer-offline --no-audit --no-fund --ignore-scripts --loglevel=error >&2
  echo "$lock_sum" >"$work/.lock-sum"
fi
