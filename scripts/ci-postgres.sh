#!/usr/bin/env bash
# Install (Debian packages) and start a throwaway PostgreSQL on 127.0.0.1 for the server
# tests, and export BOOMTOWN_TEST_DATABASE_URL so that they run against it too.
#
#   source scripts/ci-postgres.sh      # in .ci/run, before the tests
#   scripts/ci-postgres.sh stop        # optional: stop it again
#
# Runs as root (CI does): the server itself runs as the `postgres` user. The cluster lives
# in $BOOMTOWN_PG_DIR (default /tmp/boomtown-pg) and listens on $BOOMTOWN_PG_PORT (54329).

_bt_pg() {
  local dir="${BOOMTOWN_PG_DIR:-/tmp/boomtown-pg}"
  local port="${BOOMTOWN_PG_PORT:-54329}"
  local bin
  bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
  if [ "${1:-start}" = "stop" ]; then
    [ -n "$bin" ] && runuser -u postgres -- "$bin/pg_ctl" -D "$dir/data" -m fast stop || true
    return 0
  fi
  if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq postgresql >/dev/null
    bin="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)"
  fi
  id postgres >/dev/null 2>&1 || useradd --system --home-dir "$dir" postgres
  mkdir -p "$dir"
  chown postgres "$dir"
  if [ ! -f "$dir/data/PG_VERSION" ]; then
    runuser -u postgres -- "$bin/initdb" -D "$dir/data" -U postgres --auth=trust \
      -E UTF8 >/dev/null
  fi
  if ! runuser -u postgres -- "$bin/pg_ctl" -D "$dir/data" status >/dev/null 2>&1; then
    runuser -u postgres -- "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w -t 60 \
      -o "-c listen_addresses=127.0.0.1 -p $port -k $dir -c fsync=off" start >/dev/null
  fi
  runuser -u postgres -- "$bin/psql" -h 127.0.0.1 -p "$port" -U postgres -d postgres -qtA \
    -c "SELECT 1 FROM pg_database WHERE datname = 'boomtown'" | grep -q 1 ||
    runuser -u postgres -- "$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres boomtown
  export BOOMTOWN_TEST_DATABASE_URL="postgresql://postgres@127.0.0.1:$port/boomtown"
  echo "PostgreSQL ready: BOOMTOWN_TEST_DATABASE_URL=$BOOMTOWN_TEST_DATABASE_URL"
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  set -euo pipefail
  _bt_pg "$@"
  if [ "${1:-start}" != "stop" ]; then
    echo "export BOOMTOWN_TEST_DATABASE_URL=$BOOMTOWN_TEST_DATABASE_URL"
  fi
else
  _bt_pg "$@"
fi
