# The gateway: the shop's one public port. Its workspace and the packages it uses, production
# dependencies only, run by an unprivileged user, plus the built shell, which it serves with
# /remotes.json (every remote is served from its own origin, see deploy/remotes/). Build from the repository root (docker-compose.yml does):
#   docker build -f deploy/services/gateway.Dockerfile -t shwari-shop/gateway .
# The base images are build arguments (npm run deploy:smoke builds local ones from Debian packages
# when the registry cannot be reached); the registry images are the defaults.
ARG NODE_IMAGE=node:20-bookworm-slim

# Every workspace's package.json and the lock file, nothing else: npm ci checks the lock file
# against all of them, and this stage's output (so the install below) only changes when they do.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY . .
RUN mkdir /manifests && cp package.json package-lock.json /manifests/ \
 && find . -name package.json -not -path "*/node_modules/*" -not -path "./package.json" -exec cp --parents {} /manifests/ \;

FROM ${NODE_IMAGE} AS deps
# better-sqlite3 compiles itself when its prebuilt binary cannot be downloaded (no access to
# GitHub's releases): a compiler for this stage only, never in the final image.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=manifests /manifests/ ./
# Prebuilt native binaries (argon2, sharp) come with the npm packages.
RUN npm ci --workspace @shop/gateway --include-workspace-root=false --omit=dev --no-audit --no-fund

# The shell (host app): built here with its packages and dev dependencies; only dist/ is kept.
FROM ${NODE_IMAGE} AS shell
WORKDIR /app
COPY --from=manifests /manifests/ ./
RUN npm ci --workspace @shop/shell --include-workspace-root --no-audit --no-fund
COPY tsconfig.base.json ./
COPY types types
COPY packages/api-types packages/api-types
COPY packages/money packages/money
COPY packages/store-kit packages/store-kit
COPY packages/storefront-ui packages/storefront-ui
COPY packages/mf-config packages/mf-config
COPY shell shell
RUN npm run build -w @shop/shell
# The remotes are on their own origins here, so the gateway draws no page and needs no renderer
# (dist/server/index.js); it keeps the page table (dist/server/pages.js). No source maps either.
RUN rm -f shell/dist/server/index.js && find shell/dist -name '*.map' -delete

FROM ${NODE_IMAGE}
ENV NODE_ENV=production
WORKDIR /app
COPY --from=deps --chown=node:node /app ./
COPY --chown=node:node tsconfig.base.json ./
COPY --chown=node:node packages/api-types packages/api-types
COPY --chown=node:node packages/service-kit packages/service-kit
COPY --chown=node:node services/gateway services/gateway
COPY --from=shell --chown=node:node /app/shell/dist shell/dist
# The SQLite fallback, uploads and the mail outbox write under data/; production mounts volumes there.
RUN mkdir -p data/uploads data/outbox && chown -R node:node data
USER node
WORKDIR /app/services/gateway
EXPOSE 8080
# One process (PID 1 under compose's init): SIGTERM reaches the service, which finishes in-flight
# requests and closes its pools before exiting.
CMD ["node", "--import", "tsx", "src/main.ts"]
