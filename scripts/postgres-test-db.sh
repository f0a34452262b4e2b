#!/usr/bin/env bash
# Starts the machine's PostgreSQL 15 and makes the test role and database (idempotent).
# Prints the TEST_DATABASE_URL to use.
set -euo pipefail
# Only the URL goes to stdout: callers capture it with $(...). Everything else goes to stderr.
exec 3>&1 1>&2
cd /
# The server must not inherit any of our descriptors: a daemon holding the caller's pipe
# open keeps $(...) or `| tail` waiting for ever (CI once hung here for 90 minutes).
if ! pg_lsclusters -h 2>/dev/null | grep -q '^15 *main .*online'; then
  log=$(mktemp)
  if ! pg_ctlcluster 15 main start </dev/null >"$log" 2>&1 3>&-; then
    pg_ctlcluster 15 main status </dev/null >/dev/null 2>&1 3>&- || { cat "$log"; exit 1; }
  fi
  cat "$log"
  rm -f "$log"
fi
for _ in $(seq 1 30); do
  su postgres -c "pg_isready -q" && break
  sleep 1
done
psql_do() { su postgres -c "psql -v ON_ERROR_STOP=1 -qtAc \"$1\""; }
[ "$(psql_do "SELECT 1 FROM pg_roles WHERE rolname='app'")" = "1" ] ||
  psql_do "CREATE ROLE app LOGIN PASSWORD 'app'"
[ "$(psql_do "SELECT 1 FROM pg_database WHERE datname='app_test'")" = "1" ] ||
  psql_do "CREATE DATABASE app_test OWNER app"
echo "postgres://app:app@127.0.0.1:5432/app_test" >&3
