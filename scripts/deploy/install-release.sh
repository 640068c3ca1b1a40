#!/usr/bin/env bash
# Installs a release folder's production dependencies (scripts/deploy/build-release.sh made it),
# exactly as the lock file pins them: the image's runtime stage runs this, and so does CI.
#   scripts/deploy/install-release.sh <dir>
set -euo pipefail
dir=${1:?usage: scripts/deploy/install-release.sh <dir>}
cd "$dir"
# The server's dependencies and the contract it links, not the web app's (it ships built).
npm ci --omit=dev --workspace=@doers/server --no-audit --no-fund
echo "install-release: $dir ($(du -sh node_modules | cut -f1) of production dependencies)"
