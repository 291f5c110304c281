#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL server on loopback: installs the server with apt when it is
# missing, starts a fresh cluster in a temporary folder, exports TEST_DATABASE_URL, and stops it afterwards.
set -euo pipefail
PORT="${PG_TEST_PORT:-54329}"

pg_bin() {
  ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1
}

if [ -z "$(pg_bin)" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "Installing Debian's PostgreSQL server for the PostgreSQL test run…"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  else
    echo "The PostgreSQL test run needs a PostgreSQL server: run 'sudo apt-get install -y postgresql'." >&2
    exit 1
  fi
fi
BIN="$(pg_bin)"
CLUSTER="$(mktemp -d /tmp/shop-pg.XXXXXX)"
RUN_AS=()
if [ "$(id -u)" = 0 ]; then
  # PostgreSQL refuses to run as root.
  chown -R postgres:postgres "$CLUSTER"
  RUN_AS=(runuser -u postgres --)
fi

stop() {
  "${RUN_AS[@]}" "$BIN/pg_ctl" -D "$CLUSTER/data" -m fast stop >/dev/null 2>&1 || true
  rm -rf "$CLUSTER"
}
trap stop EXIT

"${RUN_AS[@]}" "$BIN/initdb" -D "$CLUSTER/data" -U postgres --auth=trust -E UTF8 >/dev/null
"${RUN_AS[@]}" "$BIN/pg_ctl" -D "$CLUSTER/data" -l "$CLUSTER/server.log" -w \
  -o "-c listen_addresses=127.0.0.1 -p $PORT -k $CLUSTER -c fsync=off" start >/dev/null
export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/postgres"
# For a command that restarts the server (scripts/scale-test.sh --full): its pg_ctl and data folder.
export TEST_PG_CTL="$BIN/pg_ctl" TEST_PG_DATA="$CLUSTER/data"
echo "PostgreSQL $("$BIN/postgres" --version | awk '{print $3}') is up on 127.0.0.1:$PORT"
"$@"
