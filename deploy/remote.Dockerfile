# One image per remote: built once, served as static files from its own origin by an
# unprivileged nginx. Build from the repository root:
#   docker build -f deploy/remote.Dockerfile --build-arg WORKSPACE=@shop/mf-catalog --build-arg DIR=mf-catalog .
FROM node:20-bookworm-slim AS build
ARG WORKSPACE
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npm run build -w ${WORKSPACE}

FROM nginxinc/nginx-unprivileged:1.27-alpine
ARG DIR
COPY deploy/nginx-remote.conf /etc/nginx/conf.d/default.conf
COPY --from=build /app/${DIR}/dist /usr/share/nginx/html
EXPOSE 8080
