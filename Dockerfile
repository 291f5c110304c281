# syntax=docker/dockerfile:1
# The shop server's production image (docs/deployment.md). The build stage installs every package, builds the
# web app and compiles the server; the image that runs keeps the production packages, the build and the sources
# the build's stamps are hashed from, so `npm start` finds the build current and starts without building.
#
#   docker build -t acme-shop --build-arg BRAND=acme .
#
# BRAND names routes of the web app, so it is fixed here: a server started with another BRAND would find its
# build stale and, with no build tools in the image, fail to start.

ARG NODE_VERSION=22

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 compiles when npm cannot download its prebuilt binary; the image's Node keeps its headers
# under /usr/local, not /usr as the repository's .npmrc says for Debian's package.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
ENV npm_config_nodedir=/usr/local
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund
COPY . .
ARG BRAND=acme
RUN BRAND=${BRAND} node scripts/build-if-stale.mjs && npm prune --omit=dev --no-audit --no-fund

FROM node:${NODE_VERSION}-bookworm-slim
ARG BRAND=acme
ENV NODE_ENV=production \
  BRAND=${BRAND} \
  HOST=0.0.0.0 \
  PORT=3000 \
  DATA_DIR=/var/lib/acme-shop
WORKDIR /app
# Owned by root and read-only to the server: it writes only to DATA_DIR (the image cache, and the SQLite
# database and generated keys when no DATABASE_URL and no keys are given).
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/scripts ./scripts
COPY --from=build /app/src ./src
COPY --from=build /app/public ./public
COPY --from=build /app/vite.config.ts /app/react-router.config.ts ./
RUN mkdir -p /var/lib/acme-shop && chown node:node /var/lib/acme-shop
USER node
VOLUME /var/lib/acme-shop
EXPOSE 3000
# Liveness: the process answers and reaches its database. Readiness for a load balancer is /readyz.
HEALTHCHECK --interval=10s --timeout=3s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# What `npm start` runs, without npm in between, so SIGTERM reaches the server (its shutdown: docs/deployment.md).
CMD ["node", "scripts/start.mjs"]
