#!/usr/bin/env bash
# Runs an installed release folder as the image would (CI: the image's steps, on the host):
#   scripts/deploy/check-release.sh <dir>
# On a fresh embedded database in a temporary DATA_DIR: `npm run db:migrate` (the operator's
# commands run from the release's sources through tsx) and the VAPID key tool, then scripts/deploy/start.sh (the image's
# CMD) until the image's HEALTHCHECK (healthcheck.mjs) passes, the app's page and readiness
# answer; then SIGTERM, which must stop it with 0, after which the health check must fail.
set -euo pipefail
dir=$(cd "${1:?usage: scripts/deploy/check-release.sh <dir>}" && pwd)
data=$(mktemp -d)
log="$data/server.log"
port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
export DATA_DIR="$data" PORT="$port" HOST=127.0.0.1 NODE_ENV=production SEED_DEMO=false LOG_LEVEL=warn
fail() { echo "check-release: $*" >&2; [ -f "$log" ] && tail -n 40 "$log" >&2; exit 1; }
trap 'kill "${server:-}" 2>/dev/null || true; rm -rf "$data"' EXIT

(cd "$dir" && npm run --silent db:migrate) > "$log" 2>&1 || fail "npm run db:migrate failed"
# docs/deploy.md has the operator make the VAPID pair with the image's own tool.
(cd "$dir" && npx --no-install web-push generate-vapid-keys) | grep -q 'Public Key' ||
  fail "npx web-push generate-vapid-keys does not run in the release"
"$dir/scripts/deploy/start.sh" >> "$log" 2>&1 &
server=$!
healthy=0
for _ in $(seq 1 120); do
  if node "$dir/scripts/deploy/healthcheck.mjs"; then healthy=1; break; fi
  kill -0 "$server" 2>/dev/null || fail "the server exited while starting"
  sleep 0.5
done
[ $healthy = 1 ] || fail "no healthy server within 60 s"
ready=$(node -e "fetch('http://127.0.0.1:$port/api/health/ready').then(r=>console.log(r.status))")
[ "$ready" = 200 ] || fail "/api/health/ready answered $ready"
page=$(node -e "fetch('http://127.0.0.1:$port/').then(r=>r.text()).then(t=>console.log(t.includes('<div id=\"root\">')))")
[ "$page" = true ] || fail "/ is not the built web app"
kill -TERM "$server"
code=0
wait "$server" || code=$?
[ "$code" = 0 ] || fail "SIGTERM: exit code $code, not 0"
if node "$dir/scripts/deploy/healthcheck.mjs"; then fail "the health check passes with no server"; fi
echo "check-release: migrated, made VAPID keys, started, healthy, ready, served the app, stopped with 0 on SIGTERM"
