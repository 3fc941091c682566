#!/usr/bin/env bash
# A private PostgreSQL server for the tests: its own data directory, on 127.0.0.1 only,
# trust authentication for the user `postgres`. Nothing here touches a system cluster.
#
#   scripts/postgres.sh start DIR PORT   initdb into DIR/data if it is missing, start the server
#                                        on PORT (its unix socket in DIR), wait until it takes
#                                        connections, print postgres://postgres@127.0.0.1:PORT/postgres
#   scripts/postgres.sh stop DIR         stop it (fast: connections are closed, then a clean exit)
#   scripts/postgres.sh kill DIR         stop it hard (immediate: no checkpoint, clients cut off;
#                                        the next start does crash recovery), as an outage would
#   scripts/postgres.sh bindir           print the folder of the binaries (psql, pg_dump) it uses
#
# The binaries come from /usr/lib/postgresql/*/bin (the newest version) or PATH. When they
# are missing, root gets Debian's `postgresql` installed; anyone else gets exit status 3 and
# the command to run. fsync stays on: what the tests check is durability.
#
# PostgreSQL refuses to run as root, so as root DIR is given to the `postgres` user and the
# server runs as that user: every folder above DIR must let others through (/tmp does;
# pytest's tmp_path, under a 0700 folder, does not).
set -euo pipefail

usage() {
  echo "usage: $0 start DIR PORT | stop DIR | kill DIR | bindir" >&2
  exit 2
}

is_root() { [ "$(id -u)" -eq 0 ]; }

# The newest /usr/lib/postgresql/N/bin holding the server, else the folder of pg_ctl on PATH.
find_bindir() {
  local dir
  dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -n "$dir" ] && [ -x "$dir/pg_ctl" ] && [ -x "$dir/initdb" ]; then
    echo "$dir"
    return 0
  fi
  # Debian's /usr/bin has psql but no pg_ctl (its wrappers are pg_ctlcluster): a plain
  # PATH hit is a source or vendor install.
  if command -v pg_ctl >/dev/null 2>&1 && command -v initdb >/dev/null 2>&1; then
    dirname "$(command -v pg_ctl)"
    return 0
  fi
  return 1
}

ensure_bindir() {
  if BINDIR=$(find_bindir); then return 0; fi
  if is_root; then
    echo "postgres.sh: PostgreSQL is not installed; installing Debian's postgresql" >&2
    apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
    if BINDIR=$(find_bindir); then return 0; fi
    echo "postgres.sh: postgresql was installed, but no initdb and pg_ctl were found" \
      "in /usr/lib/postgresql/*/bin or on PATH" >&2
    exit 1
  fi
  echo "PostgreSQL is not installed: apt-get install postgresql" \
    "(the tests need its initdb, pg_ctl and psql; looked in /usr/lib/postgresql/*/bin and PATH)" >&2
  exit 3
}

# Runs a command as the owner of the data directory: `postgres` when we are root.
as_owner() {
  if is_root; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

# DIR as an absolute path, created; as root, handed to the postgres user.
prepare_dir() {
  mkdir -p "$1"
  DIR=$(cd "$1" && pwd)
  if is_root; then
    if ! id postgres >/dev/null 2>&1; then
      echo "postgres.sh: running as root, but there is no 'postgres' user to run the server as" >&2
      exit 1
    fi
    chown -R postgres: "$DIR"
    if ! runuser -u postgres -- test -w "$DIR" -a -x "$DIR"; then
      echo "postgres.sh: the postgres user can't reach $DIR: a folder above it is closed to" \
        "others (use a directory under /tmp)" >&2
      exit 1
    fi
  fi
  # The server and its tools start in the current folder; root's home is closed to them.
  cd "$DIR"
}

# pg_ctl status: 0 running, 3 not running, 4 no data directory.
running() {
  as_owner "$BINDIR/pg_ctl" -D "$DIR/data" status >/dev/null 2>&1
}

log_tail() {
  if [ -f "$DIR/log" ]; then
    echo "--- the last lines of $DIR/log:" >&2
    tail -n 30 "$DIR/log" >&2
  fi
}

start() {
  local port=$2
  case "$port" in '' | *[!0-9]*) echo "postgres.sh: PORT must be a number, not '$port'" >&2; exit 2 ;; esac
  ensure_bindir
  prepare_dir "$1"
  case "$DIR" in *"'"*) echo "postgres.sh: DIR must not contain a quote: $DIR" >&2; exit 2 ;; esac
  if [ ! -f "$DIR/data/PG_VERSION" ]; then
    # --no-sync only skips initdb's own final flush; the server keeps fsync on.
    if ! as_owner "$BINDIR/initdb" -D "$DIR/data" -A trust -U postgres -E UTF8 --locale=C \
      --no-sync >"$DIR/initdb.log" 2>&1; then
      echo "postgres.sh: initdb failed:" >&2
      cat "$DIR/initdb.log" >&2
      exit 1
    fi
  fi
  if running; then
    echo "postgres.sh: a server already runs on $DIR/data" >&2
  elif ! as_owner "$BINDIR/pg_ctl" -D "$DIR/data" -l "$DIR/log" -w -t 60 \
    -o "-c listen_addresses=127.0.0.1 -p $port -k '$DIR'" start >/dev/null; then
    echo "postgres.sh: the server did not start on 127.0.0.1:$port" >&2
    log_tail
    exit 1
  fi
  echo "postgres://postgres@127.0.0.1:$port/postgres"
}

# `stop` and `kill` succeed on a server that is not running: teardown may follow an outage.
stop() {
  local mode=$2
  ensure_bindir
  prepare_dir "$1"
  if ! running; then return 0; fi
  if ! as_owner "$BINDIR/pg_ctl" -D "$DIR/data" -m "$mode" -w -t 60 stop >/dev/null; then
    echo "postgres.sh: pg_ctl stop -m $mode failed" >&2
    log_tail
    exit 1
  fi
}

case "${1:-}" in
  start) [ $# -eq 3 ] || usage; start "$2" "$3" ;;
  stop) [ $# -eq 2 ] || usage; stop "$2" fast ;;
  kill) [ $# -eq 2 ] || usage; stop "$2" immediate ;;
  bindir) [ $# -eq 1 ] || usage; ensure_bindir; echo "$BINDIR" ;;
  *) usage ;;
esac
