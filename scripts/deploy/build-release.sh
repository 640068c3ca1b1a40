#!/usr/bin/env bash
# Builds Doers into a release folder: what the container image holds (Dockerfile), and what CI
# builds on the host so that the image's steps are tried where no container engine runs.
#   scripts/deploy/build-release.sh <dir>     (needs the dev dependencies: npm ci first)
# Then scripts/deploy/install-release.sh <dir> installs the production dependencies in it.
#
# The folder holds the server's bundle (apps/server/dist, run by scripts/deploy/start.sh), the
# built web app, and the server's sources: the migrations are read from them, and the operator's
# commands (npm run admin, db:migrate, backup, restore) run them through tsx, a production
# dependency. No test, no dev tool, no node_modules.
set -euo pipefail
out=${1:?usage: scripts/deploy/build-release.sh <dir>}
root=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$out"
out=$(cd "$out" && pwd)
cd "$root"
if [ "$out" = "$root" ]; then echo "build-release: give a folder other than the checkout" >&2; exit 1; fi
# Only what this script puts there: a release folder is made afresh each time.
rm -rf "${out:?}"/*

# The web app straight into the release (the checkout's apps/web/dist is left alone).
npm run --silent build -w apps/web -- --outDir "$out/apps/web/dist" --emptyOutDir --logLevel warn
npm run --silent build -w apps/server

copy() { # copy <path…>: into the release at the same place, tests left out
  for path in "$@"; do
    mkdir -p "$out/$(dirname "$path")"
    cp -R "$path" "$out/$path"
  done
}
copy package.json package-lock.json packages/contract/package.json packages/contract/src \
  apps/web/package.json apps/server/package.json apps/server/src scripts/deploy
mkdir -p "$out/apps/server/dist"
for file in main.js main.js.map pglite-worker.js pglite-worker.js.map; do
  cp "apps/server/dist/$file" "$out/apps/server/dist/$file"
done
find "$out/apps/server/src" "$out/packages/contract/src" -name '*.test.ts' -delete

echo "build-release: $out ($(du -sh "$out" | cut -f1), without node_modules)"
