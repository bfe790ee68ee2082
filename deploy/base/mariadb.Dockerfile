# MariaDB on Debian bookworm (Debian's mariadb-server 10.11), built locally by
# `npm run deploy:smoke` when mysql:8 cannot be pulled. It takes the mysql image's settings
# (MYSQL_DATABASE, MYSQL_USER, MYSQL_PASSWORD, MYSQL_ROOT_PASSWORD), keeps its data in
# /var/lib/mysql (a volume), runs as the mysql user and has the same client tools (mysqladmin,
# mysqldump, mysql), so docker-compose.yml, its health check and the documented backup work unchanged.
ARG BASE_IMAGE=shwari-shop/debian:bookworm
FROM ${BASE_IMAGE}
RUN apt-get update \
 && apt-get install -y --no-install-recommends mariadb-server \
 && rm -rf /var/lib/apt/lists/* /var/lib/mysql \
 && mkdir -p /var/lib/mysql /run/mysqld \
 && chown mysql:mysql /var/lib/mysql /run/mysqld
COPY mariadb-entrypoint.sh /usr/local/bin/mariadb-entrypoint
COPY mariadb-server.cnf /etc/mysql/mariadb.conf.d/90-shop.cnf
USER mysql
VOLUME /var/lib/mysql
EXPOSE 3306
ENTRYPOINT ["/usr/local/bin/mariadb-entrypoint"]
CMD ["mariadbd"]
