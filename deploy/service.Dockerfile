# One image per Koa service (and the gateway). Build from the repository root:
#   docker build -f deploy/service.Dockerfile --build-arg WORKSPACE=@shop/catalog-service --build-arg DIR=services/catalog .
ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS deps
ARG WORKSPACE
WORKDIR /app
# better-sqlite3 and argon2 may build from source.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY packages/ packages/
COPY services/ services/
COPY shell/package.json shell/
COPY mf-catalog/package.json mf-catalog/
COPY e2e/package.json e2e/
RUN npm ci --workspace ${WORKSPACE} --include-workspace-root=false --omit=dev --no-audit --no-fund

FROM ${NODE_IMAGE} AS build-shell
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npm run build -w @shop/shell

FROM ${NODE_IMAGE}
ARG DIR
ENV NODE_ENV=production
WORKDIR /app
COPY --from=deps --chown=node:node /app /app
COPY --chown=node:node tsconfig.base.json ./
# The gateway serves the shell in the all-in-one layout; other services ignore it.
COPY --from=build-shell --chown=node:node /app/shell/dist /app/shell/dist
WORKDIR /app/${DIR}
USER node
CMD ["npx", "tsx", "src/main.ts"]
