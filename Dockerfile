# syntax=docker/dockerfile:1
# The store as the cluster script runs it (scripts/cluster): `npm run build` once, then the compiled server
# build/app-server/main.js (docs/decisions/0019-compiled-server.md). One image for every role: ROLE=web|worker|all
# (default all), and the one-shot commands as arguments: `docker run IMAGE node build/app-server/main.js migrate`
# (before a new version starts), `… backup /backups/<name>` and `… restore /backups/<name>` for a SQLite store.
# Docker does not run on the machines this was written on; keep this file in step with scripts/cluster/instances.ts.

# --- build: every dependency, then the React app and the compiled server (scripts/build.mjs)
FROM node:24-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 and @node-rs/argon2 ship prebuilt binaries; the toolchain is only a fallback.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# --- production dependencies only
FROM node:24-bookworm-slim AS deps
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

# --- the image: Node 24, a non-root user, production dependencies and the build (app and compiled server). The
# server bundle holds server/, contract/, content/ and common/ (validation catalogue included), so no sources are copied.
FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data \
    BUILD_DIR=/app/build \
    TRUST_PROXY=true \
    DRAIN_SECONDS=5 \
    ROLE=all
WORKDIR /app
COPY --from=deps --chown=node:node /app/node_modules ./node_modules
COPY --chown=node:node package.json ./
COPY --from=build --chown=node:node /app/build ./build
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# Liveness: the process answers (a worker answers /healthz too). Readiness (/readyz) is for the balancer, which must
# stop sending while it is 503.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
STOPSIGNAL SIGTERM
# One malloc arena, as `npm start` runs the store (scripts/start.mjs): less memory, no measurable CPU.
ENV MALLOC_ARENA_MAX=1
CMD ["node", "--max-semi-space-size=16", "build/app-server/main.js"]
