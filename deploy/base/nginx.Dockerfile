# nginx on Debian bookworm (Debian's nginx-light), built locally by `npm run deploy:smoke` when
# nginxinc/nginx-unprivileged cannot be pulled, and laid out like it: the server blocks in
# /etc/nginx/conf.d/, files in /usr/share/nginx/html, run as the nginx user (uid 101), which writes
# only under /tmp; logs go to the container's output. wget is there for health checks.
ARG BASE_IMAGE=shwari-shop/debian:bookworm
FROM ${BASE_IMAGE}
RUN apt-get update \
 && apt-get install -y --no-install-recommends nginx-light wget \
 && rm -rf /var/lib/apt/lists/* /etc/nginx/sites-enabled /etc/nginx/sites-available /etc/nginx/conf.d/* /usr/share/nginx/html/* /var/www/html \
 && groupadd --system --gid 101 nginx \
 && useradd --system --uid 101 --gid nginx --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin nginx \
 && mkdir -p /usr/share/nginx/html
COPY nginx-unprivileged.conf /etc/nginx/nginx.conf
USER 101
EXPOSE 8080
STOPSIGNAL SIGQUIT
CMD ["nginx", "-g", "daemon off;"]
