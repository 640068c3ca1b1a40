#!/bin/sh
# What the container image runs (its CMD): the server's bundle with plain Node, as `npm start`
# does after building. `exec`, so that the server itself receives SIGTERM and stops gracefully
# (apps/server/src/shutdown.ts). Every setting comes from the environment (README, Configuration).
set -e
cd "$(dirname "$0")/../.."
exec node --enable-source-maps apps/server/dist/main.js
