#!/bin/sh
# The first start on an empty data directory: create the system tables, the root password, the
# database and its user from MYSQL_* (as the mysql image does), then start the server for good.
set -eu
: "${MYSQL_ROOT_PASSWORD:?set MYSQL_ROOT_PASSWORD}"
if [ ! -d /var/lib/mysql/mysql ]; then
  mariadb-install-db --user=mysql --datadir=/var/lib/mysql --auth-root-authentication-method=normal --skip-test-db >/dev/null
  mariadbd --skip-networking --socket=/run/mysqld/init.sock &
  pid=$!
  for _ in $(seq 1 60); do
    mariadb-admin --socket=/run/mysqld/init.sock ping --silent 2>/dev/null && break
    sleep 1
  done
  {
    echo "ALTER USER 'root'@'localhost' IDENTIFIED BY '$MYSQL_ROOT_PASSWORD';"
    # mariadb-install-db also makes password-less root@127.0.0.1, ::1 and the host name, which would
    # win over root@'%' for connections over TCP: only localhost (the socket) and '%' stay.
    echo "DELETE FROM mysql.global_priv WHERE User = 'root' AND Host NOT IN ('localhost', '%');"
    echo "FLUSH PRIVILEGES;"
    echo "CREATE USER 'root'@'%' IDENTIFIED BY '$MYSQL_ROOT_PASSWORD';"
    echo "GRANT ALL ON *.* TO 'root'@'%' WITH GRANT OPTION;"
    if [ -n "${MYSQL_DATABASE:-}" ]; then
      echo "CREATE DATABASE IF NOT EXISTS \`$MYSQL_DATABASE\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;"
      if [ -n "${MYSQL_USER:-}" ]; then
        echo "CREATE USER '$MYSQL_USER'@'%' IDENTIFIED BY '${MYSQL_PASSWORD:?set MYSQL_PASSWORD}';"
        echo "GRANT ALL ON \`$MYSQL_DATABASE\`.* TO '$MYSQL_USER'@'%';"
      fi
    fi
    echo "FLUSH PRIVILEGES;"
  } | mariadb --socket=/run/mysqld/init.sock -uroot
  kill "$pid"
  wait "$pid"
fi
exec "$@"
