# The customers service: its workspace and the packages it uses, production dependencies only, run
# by an unprivileged user. Build from the repository root (docker-compose.yml does):
#   docker build -f deploy/services/customers.Dockerfile -t shwari-shop/customers .
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
RUN npm ci --workspace @shop/customers-service --include-workspace-root=false --omit=dev --no-audit --no-fund

FROM ${NODE_IMAGE}
ENV NODE_ENV=production
WORKDIR /app
COPY --from=deps --chown=node:node /app ./
COPY --chown=node:node tsconfig.base.json ./
COPY --chown=node:node packages/api-types packages/api-types
COPY --chown=node:node packages/service-kit packages/service-kit
COPY --chown=node:node services/customers services/customers
# The SQLite fallback, uploads and the mail outbox write under data/; production mounts volumes there.
RUN mkdir -p data/uploads data/outbox && chown -R node:node data
USER node
WORKDIR /app/services/customers
EXPOSE 4102
# One process (PID 1 under compose's init): SIGTERM reaches the service, which finishes in-flight
# requests and closes its pools before exiting.
CMD ["node", "--import", "tsx", "src/main.ts"]
