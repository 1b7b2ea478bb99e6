#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL cluster: starts it, exports TEST_DATABASE_URL, stops and
# removes it afterwards. Installs Debian's postgresql when it is missing. PostgreSQL refuses to run as root,
# so as root the cluster runs as a system user created for it.
set -euo pipefail

PG_PORT="${PG_PORT:-$((40000 + RANDOM % 20000))}"
PG_USER_NAME="nestmate-pg"

find_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }

PG_BIN="$(find_bin)"
if [ -z "$PG_BIN" ] || [ ! -x "$PG_BIN/initdb" ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "PostgreSQL is not installed; run: sudo apt-get install -y postgresql" >&2
    exit 1
  fi
  echo "Installing PostgreSQL from Debian's packages…"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  PG_BIN="$(find_bin)"
fi

run_pg() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u "$PG_USER_NAME" -- "$@"; else "$@"; fi
}
if [ "$(id -u)" -eq 0 ] && ! id "$PG_USER_NAME" >/dev/null 2>&1; then
  useradd --system --no-create-home --shell /usr/sbin/nologin "$PG_USER_NAME"
fi

PG_DIR="$(mktemp -d /tmp/nestmate-pg.XXXXXX)"
[ "$(id -u)" -eq 0 ] && chown "$PG_USER_NAME" "$PG_DIR"
cleanup() {
  run_pg "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$PG_DIR"
}
trap cleanup EXIT

run_pg "$PG_BIN/initdb" -D "$PG_DIR/data" -U postgres --auth=trust --no-sync -E UTF8 >/dev/null
# Tuned for throwaway test data: durability off is fine here, never for a real server.
run_pg "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/log" -w start \
  -o "-p $PG_PORT -k $PG_DIR -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" >/dev/null

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PG_PORT/postgres"
echo "PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on port $PG_PORT"
"$@"
