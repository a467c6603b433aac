#!/usr/bin/env bash
# install.sh WORK_DIR: the pages' npm packages in WORK_DIR/node_modules, installed with `npm ci` from
# the committed package-lock.json, and reused while the lock file is unchanged (so a build works
# offline once they are there; scripts/npm-ci-cached.sh). Used by build.sh and check.sh.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
"$here/../../../../scripts/npm-ci-cached.sh" "$here" "$1"
