#!/usr/bin/env bash
# build.sh DOCUMENT WORK_DIR [test]: the TypeScript client, built by Maven (clients/typescript/pom.xml)
# from the platform's one OpenAPI document. Installs the npm packages in WORK_DIR/npm with `npm ci`
# from the committed lock file (reused while it is unchanged, so it works offline once they are
# there), generates the types of DOCUMENT into WORK_DIR/package/src/schema.d.ts with
# openapi-typescript, and compiles the package with tsc into WORK_DIR/package/dist. With `test`,
# runs the package's unit tests (Node's test runner) on the compiled output.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
document=$1
work=$2
mode=${3:-build}
npm_dir=$work/npm
package=$work/package
if [[ $mode == test ]]; then
  node --test "$package/dist/test/"
  exit 0
fi
"$here/../../scripts/npm-ci-cached.sh" "$here" "$npm_dir"
rm -rf "$package"
mkdir -p "$package"
cp -r "$here/src" "$here/test" "$here/examples" "$here/package.json" "$here/tsconfig.json" "$here/README.md" "$package/"
ln -sfn "$npm_dir/node_modules" "$package/node_modules"
"$npm_dir/node_modules/.bin/openapi-typescript" "$document" -o "$package/src/schema.d.ts" --silent
(cd "$package" && node_modules/.bin/tsc -p tsconfig.json)
