# The mf-catalog remote: built from its workspace and the packages it uses, then served as static
# files from its own origin by an unprivileged nginx (the shell finds it through /remotes.json).
# Build from the repository root (docker-compose.yml does):
#   docker build -f deploy/remotes/mf-catalog.Dockerfile -t shwari-shop/mf-catalog .
# The base images are build arguments (npm run deploy:smoke builds local ones from Debian packages
# when the registry cannot be reached); the registry images are the defaults.
ARG NODE_IMAGE=node:20-bookworm-slim
ARG NGINX_IMAGE=nginxinc/nginx-unprivileged:1.27-alpine

# Every workspace's package.json and the lock file, nothing else: npm ci checks the lock file
# against all of them, and this stage's output (so the install below) only changes when they do.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY . .
RUN mkdir /manifests && cp package.json package-lock.json /manifests/ \
 && find . -name package.json -not -path "*/node_modules/*" -not -path "./package.json" -exec cp --parents {} /manifests/ \;

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY --from=manifests /manifests/ ./
# Dev dependencies too (webpack, TypeScript): this stage only builds.
RUN npm ci --workspace @shop/mf-catalog --include-workspace-root --no-audit --no-fund
COPY tsconfig.base.json ./
COPY types types
COPY packages/api-types packages/api-types
COPY packages/money packages/money
COPY packages/store-kit packages/store-kit
COPY packages/storefront-ui packages/storefront-ui
COPY packages/mf-config packages/mf-config
COPY mf-catalog mf-catalog
RUN npm run build -w @shop/mf-catalog
# Served publicly: the browser build only, without the first-screen renderer (dist/server, read only by
# a gateway that serves the remote itself) or source maps.
RUN rm -rf mf-catalog/dist/server && find mf-catalog/dist -name '*.map' -delete

FROM ${NGINX_IMAGE}
COPY deploy/nginx-remote.conf /etc/nginx/conf.d/default.conf
COPY --from=build /app/mf-catalog/dist /usr/share/nginx/html
# nginx-unprivileged (and the local nginx image) runs as the nginx user (uid 101) on port 8080.
USER 101
EXPOSE 8080
