# Node 20 on Debian bookworm, built locally by `npm run deploy:smoke` when node:20-bookworm-slim
# cannot be pulled. Debian bookworm's own nodejs is 18 and the shop needs 20, so the build context
# (prepared by the smoke) holds the Node 20 binary and npm the machine itself runs: the exact
# runtime the tests pass on. Like the registry image: Node and npm in /usr/local, a `node` user (uid 1000).
# It also trusts the certificate authorities this machine trusts (ca-certificates.crt, copied by
# the smoke), so npm reaches the registry the way the machine does, also through a TLS-inspecting
# proxy; only this locally built image carries them.
ARG BASE_IMAGE=shwari-shop/debian:bookworm
FROM ${BASE_IMAGE}
COPY node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
COPY ca-certificates.crt /etc/ssl/certs/ca-certificates.crt
ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt
# Node's headers, as in the registry image: a native module that must compile (better-sqlite3
# without its prebuilt binary) finds them here instead of downloading them from nodejs.org.
COPY include /usr/local/include/node
ENV npm_config_nodedir=/usr/local
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
 && groupadd --gid 1000 node \
 && useradd --uid 1000 --gid node --shell /bin/sh --create-home node \
 && node --version
CMD ["node"]
