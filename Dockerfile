# Doers as one container image: the API and the web app on one port (docs/deploy.md).
# Every step that builds or runs the release is a script in scripts/deploy/, which CI runs on the
# host (.ci/run): no container engine runs there, so the scripts are what is tried.
#   docker build -t doers .          (compose.yaml builds it too)
ARG NODE_IMAGE=node:22.23.3-bookworm-slim

# ── build: every dependency, the web app and the server's bundle, into /release ──
FROM ${NODE_IMAGE} AS build
WORKDIR /src
# The manifests first, so that a change to the sources reuses the installed layer.
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN scripts/deploy/build-release.sh /release

# ── runtime: production dependencies only, ffmpeg and fonts, a user without rights ──
FROM ${NODE_IMAGE} AS runtime
# Debian's ffmpeg transcodes voice notes and re-wraps videos; sharp renders with the fonts.
RUN apt-get update \
  && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
    ffmpeg fonts-dejavu-core fontconfig \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=build /release ./
RUN scripts/deploy/install-release.sh /app && rm -rf /root/.npm
# The image's `node` user (uid 1000) owns only DATA_DIR: the code stays root's, read-only to it.
RUN mkdir -p /data && chown node:node /data
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
VOLUME /data
USER node
EXPOSE 3000
# Liveness only: a database outage must not get a healthy process restarted. The proxy asks
# /api/health/ready for readiness (deploy/Caddyfile).
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "scripts/deploy/healthcheck.mjs"]
CMD ["scripts/deploy/start.sh"]
