#!/usr/bin/env bash
# build.sh DOCUMENT_DIR WORK_DIR SITE_DIR: the static site of the API reference in SITE_DIR, as the
# ingress serves it: openapi.json and openapi.yaml (from DOCUMENT_DIR, where the build wrote them)
# and docs/, the rendered reference (this folder's page and scripts with Scalar's standalone
# bundle). Called by the Maven build (prepare-package). The npm packages are installed in WORK_DIR
# with `npm ci` from the committed package-lock.json, only when the lock file changed since, so
# the build works offline once they are there (scripts/npm-ci-cached.sh).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
document=$1
work=$2
site=$3
"$here/../../../../scripts/npm-ci-cached.sh" "$here" "$work"
scalar=$work/node_modules/@scalar/api-reference
rm -rf "$site"
mkdir -p "$site/docs/assets"
cp "$document/openapi.json" "$document/openapi.yaml" "$site/"
cp "$here/index.html" "$site/docs/"
cp "$here/reference.css" "$here/reference.js" "$here/reference-init.js" "$site/docs/assets/"
cp "$scalar/dist/browser/standalone.js" "$site/docs/assets/scalar-api-reference.js"
