# The load balancer: the shop's one public port, spreading requests over every gateway replica.
# nginx as an unprivileged user on port 8080; TLS is terminated in front of it (see the README's
# "Deploying"). Build from the repository root (docker-compose.yml does):
#   docker build -f deploy/lb/lb.Dockerfile -t shwari-shop/lb .
# The base image is a build argument (npm run deploy:smoke builds a local one from Debian's nginx
# when the registry cannot be reached); the registry image is the default.
ARG NGINX_IMAGE=nginxinc/nginx-unprivileged:1.27-alpine

FROM ${NGINX_IMAGE}
COPY deploy/lb/nginx-lb.conf /etc/nginx/conf.d/default.conf
USER 101
EXPOSE 8080
