#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL 15 cluster: initdb in a temp folder, start it on a
# free port, export TEST_DATABASE_URL (and DATABASE_URL_ADMIN), run "$@", then stop and delete it.
# Usage: scripts/with-postgres.sh npx vitest run --project server
# PG_EXTRA_OPTIONS adds server settings (`-c shared_buffers=6GB`): the benchmark sizes memory as an
# operator would.
set -euo pipefail
PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
extra=${PG_EXTRA_OPTIONS:-}
if [[ ! "$extra" =~ ^[-a-zA-Z0-9_=.\ ]*$ ]]; then
  echo "PG_EXTRA_OPTIONS may hold only -c name=value settings: $extra" >&2
  exit 1
fi
if [ ! -x "$PG_BIN/initdb" ]; then
  echo "PostgreSQL binaries not found in $PG_BIN (apt-get install -y postgresql-15)" >&2
  exit 1
fi
dir=$(mktemp -d /tmp/trillium-pg.XXXXXX)
port=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
run_as=()
if [ "$(id -u)" = "0" ]; then
  # initdb refuses to run as root: the cluster belongs to the postgres user.
  chown postgres "$dir"
  run_as=(su postgres -s /bin/sh -c)
else
  run_as=(sh -c)
fi
cleanup() {
  "${run_as[@]}" "$PG_BIN/pg_ctl -D '$dir/data' -m immediate stop" >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT
"${run_as[@]}" "$PG_BIN/initdb -D '$dir/data' -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8" >/dev/null
"${run_as[@]}" "$PG_BIN/pg_ctl -D '$dir/data' -l '$dir/log' -w -o \"-p $port -k '$dir' -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off -c synchronous_commit=off -c full_page_writes=off $extra\" start" >/dev/null
export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
export PG_TEST_PORT=$port
echo "PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') running on port $port for: $*"
"$@"
