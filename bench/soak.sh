#!/usr/bin/env bash
# The soak: a mixed load (GraphQL pages and writes, MCP list and get tools,
# graphql-ws subscribers) at 32 clients for 10 minutes against a release
# tasklens on PostgreSQL, with the server's RSS read once every 10 s.
# Prints a row a minute and a verdict (benches/soak.rs); exits non-zero if
# a request failed, the RSS grew past 1.2x its 1-minute mark, or the last
# minute's p99 drifted past 1.5x the first's.
#
#   bench/soak.sh
#
# Settings (environment):
#   SOAK_PG_URL    PostgreSQL server, no database (default postgres://postgres@127.0.0.1:5432);
#                  the database tasklens_soak on it is dropped and created anew
#   SOAK_CLIENTS, SOAK_SECONDS   clients and duration (32, 600)
#   PROJECTS, TASKS              board size (10, 20000)
#   SOAK_PORT                    listen port (18090)
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT"

PG_URL=${SOAK_PG_URL:-postgres://postgres@127.0.0.1:5432}
PG_URL=${PG_URL%/}
DB_URL="$PG_URL/tasklens_soak"
PORT=${SOAK_PORT:-18090}
export SOAK_CLIENTS=${SOAK_CLIENTS:-32} SOAK_SECONDS=${SOAK_SECONDS:-600}

say() { printf '==> %s\n' "$*" >&2; }

say "building (release)"
cargo build --release --locked --bin tasklens >&2
cargo bench --locked --bench soak --no-run >&2 2>&1
BIN=target/release/tasklens

say "a fresh database tasklens_soak, seeded with ${PROJECTS:-10} projects and ${TASKS:-20000} tasks"
psql "$PG_URL/postgres" -qc "DROP DATABASE IF EXISTS tasklens_soak WITH (FORCE)" -c "CREATE DATABASE tasklens_soak" >&2
"$BIN" --database-url "$DB_URL" seed --projects "${PROJECTS:-10}" --tasks "${TASKS:-20000}" >&2
TOKEN=$("$BIN" --database-url "$DB_URL" token create --user demo --name soak)

work=$(mktemp -d)
"$BIN" --database-url "$DB_URL" serve --listen "127.0.0.1:$PORT" >"$work/server.out" 2>"$work/server.err" &
SERVER=$!
trap 'kill $SERVER 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do
  curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null && break
  sleep 0.2
done

say "load: $SOAK_CLIENTS clients for $SOAK_SECONDS s (server log in $work)"
SOAK_URL="http://127.0.0.1:$PORT" SOAK_TOKEN="$TOKEN" SOAK_PID="$SERVER" \
  cargo bench --locked --bench soak 2>/dev/null
