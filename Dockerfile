# Soul Tribe's image: one app node. docs/deploy.md shows how to run it; compose.yaml runs two behind
# a load balancer with PostgreSQL, Redis and coturn. Checked by src/server/deploy-kit.test.ts.

# Build: every package (the web app's toolchain is in `dependencies`, so `npm start` on a fresh
# clone can build), then the web app and the server bundle.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund

# Run: the compiled server (dist/server), the built web app (dist/web) and its renderer of the public
# pages (dist/ssr), the migrations it applies
# at start under their lock, and the production packages; no sources, no compiler.
FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=5000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/src/server/db/migrations ./src/server/db/migrations
# The embedded database's folder (a single node without DATABASE_URL), owned by the user that runs.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 5000
# The app's own probe: `live` answers while the process serves; the load balancer asks `ready`.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 5000) + '/api/health/live').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM drains the node (docs/decisions/055): readiness turns 503, readings' sockets are told to
# move, and the process exits within DRAIN_TIMEOUT_MS (10 s by default). The orchestrator must
# wait longer than that before it kills: compose.yaml's stop_grace_period is 30 s.
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "dist/server/main.js"]
