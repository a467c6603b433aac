#!/usr/bin/env bash
# install.sh WORK_DIR: the pages' npm packages in WORK_DIR/node_modules, installed with `npm ci` from
# the committed package-lock.json, and reused while the lock file is unchanged (so a build works
# offline once they are there). Used by build.sh and check.sh.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
work=$1
command -v npm >/dev/null || { echo "install.sh: npm (Node 20.19 or newer) is needed to build the player pages" >&2; exit 1; }
mkdir -p "$work"
lock_sum=$(sha256sum "$here/package-lock.json" | cut -d' ' -f1)
if [[ ! -d $work/node_modules || $(cat "$work/.lock-sum" 2>/dev/null) != "$lock_sum" ]]; then
  cp "$here/package.json" "$here/package-lock.json" "$work/"
  npm ci --prefix "$work" --no-audit --no-fund --ignore-scripts --loglevel=error >&2
  echo "$lock_sum" >"$work/.lock-sum"
fi
