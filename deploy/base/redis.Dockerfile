# Redis on Debian bookworm (Debian's redis-server 7), built locally by `npm run deploy:smoke` when
# the registry's redis image cannot be pulled: the shared state of the gateways (rate limits, cache
# invalidation). Runs as the redis user; no persistence (nothing kept there outlives a restart).
ARG BASE_IMAGE=shwari-shop/debian:bookworm
FROM ${BASE_IMAGE}
RUN apt-get update \
 && apt-get install -y --no-install-recommends redis-server \
 && rm -rf /var/lib/apt/lists/*
USER redis
EXPOSE 6379
CMD ["redis-server", "--bind", "0.0.0.0", "--protected-mode", "no", "--save", "", "--appendonly", "no"]
