#!/usr/bin/env bash
# The test command: the web board's embedded build checked against its
# sources, the Rust suite (SQLite, then PostgreSQL when
# TASKLENS_TEST_POSTGRES_URL is set), then the client tests in tests/clients
# (the graphql-http audit, introspection, GraphiQL and the web board in
# Chromium) against a real `tasklens serve --demo` on SQLite. Installs what
# they need when it is missing: Debian's chromium, the npm packages of
# tests/clients and web/ from their lockfiles, and a Python venv with the
# Prometheus parsers (tests/clients/requirements.txt, hashes pinned). Exits non-zero if anything
# failed.
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

failed=()
step() { echo; echo "== $*"; }

# --- what the client tests need -------------------------------------------

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
    echo "tests/run.sh: run as root (or with sudo) to install: $*" >&2; return 1
  fi
}

chromium="${CHROMIUM:-/usr/bin/chromium}"
if [ ! -x "$chromium" ]; then
  step "installing Debian's chromium (for the browser tests in tests/clients)"
  as_root apt-get update -q && as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium \
    || { echo "tests/run.sh: cannot install chromium; set CHROMIUM to a Chromium binary" >&2; exit 1; }
fi
export CHROMIUM="$chromium"

clients="$root/tests/clients"
lock_sum="$(cat "$clients/package.json" "$clients/package-lock.json" | sha256sum | cut -d' ' -f1)"
stamp="$clients/node_modules/.installed-from"
if [ "$(cat "$stamp" 2>/dev/null)" != "$lock_sum" ]; then
  step "npm ci in tests/clients"
  (cd "$clients" && npm ci --no-audit --no-fund) || { echo "tests/run.sh: npm ci failed" >&2; exit 1; }
  echo "$lock_sum" > "$stamp"
fi

venv="$clients/.venv"
requirements_sum="$(sha256sum "$clients/requirements.txt" | cut -d' ' -f1)"
if [ "$(cat "$venv/.installed-from" 2>/dev/null)" != "$requirements_sum" ]; then
  step "pip install in tests/clients/.venv (the Prometheus project's parsers)"
  rm -rf "$venv"
  { python3 -m venv "$venv" && "$venv/bin/pip" install -q --require-hashes -r "$clients/requirements.txt"; } \
    || { echo "tests/run.sh: cannot install tests/clients/requirements.txt" >&2; exit 1; }
  echo "$requirements_sum" > "$venv/.installed-from"
fi
export TASKLENS_PYTHON="$venv/bin/python"

# --- the web board's build ---------------------------------------------------

step "web/build.sh --check (the embedded board and its typed documents match their sources)"
web/build.sh --check || failed+=("web build is stale")

# --- the Rust suite ----------------------------------------------------------

postgres_url="${TASKLENS_TEST_POSTGRES_URL:-}"
step "cargo test on SQLite"
env -u TASKLENS_TEST_POSTGRES_URL cargo test --workspace --locked || failed+=("cargo test on SQLite")
if [ -n "$postgres_url" ]; then
  step "cargo test on PostgreSQL"
  TASKLENS_TEST_POSTGRES_URL="$postgres_url" cargo test --workspace --locked || failed+=("cargo test on PostgreSQL")
fi

# --- the client tests, against a real server ---------------------------------

# Starts `tasklens serve --demo` on DATABASE_URL and a free loopback port;
# sets `base` and `token`, and adds the process to `servers`.
start_server() {
  local database="$1" log="$2" port tries=0
  port="$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
  step "starting tasklens serve --demo on 127.0.0.1:$port ($(echo "$database" | cut -d: -f1))"
  "$target/debug/tasklens" --database-url "$database" \
    serve --demo --listen "127.0.0.1:$port" >"$log.stdout" 2>"$log.stderr" &
  local pid=$!
  servers+=("$pid")
  base="http://127.0.0.1:$port"
  token=""
  until token="$(sed -n 's/^token for demo: \(tl_[A-Za-z0-9_-]*\)$/\1/p' "$log.stdout")" && [ -n "$token" ] \
    && node -e 'fetch(process.argv[1]).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))' "$base/healthz"; do
    if ! kill -0 "$pid" 2>/dev/null || [ $((tries += 1)) -gt 240 ]; then
      echo "tests/run.sh: the server did not come up; its output:" >&2
      cat "$log.stdout" "$log.stderr" >&2
      return 1
    fi
    sleep 0.25
  done
}

# Creates the PostgreSQL database NAME afresh (dropped again on exit).
fresh_postgres_database() {
  command -v psql >/dev/null || { echo "tests/run.sh: psql (PostgreSQL's client) is needed" >&2; return 1; }
  pg_database="$1"
  psql "$postgres_url" -q -v ON_ERROR_STOP=1 -c "DROP DATABASE IF EXISTS $1" -c "CREATE DATABASE $1" >/dev/null
}

run_client_tests() {
  step "building tasklens"
  cargo build --locked --bin tasklens || return 1
  target="$(cargo metadata --format-version 1 --no-deps --locked \
    | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).target_directory))')" \
    || return 1
  work="$(mktemp -d)"
  local database="sqlite://$work/clients.db?mode=rwc"
  start_server "$database" "$work/sqlite" || return 1
  local sqlite_base="$base" sqlite_token="$token"

  # On PostgreSQL too when it is there: the board's live test runs against it.
  local pg=()
  if [ -n "$postgres_url" ]; then
    local pg_url
    fresh_postgres_database "tasklens_board_$$" || { echo "tests/run.sh: cannot create a PostgreSQL database" >&2; return 1; }
    pg_url="$(node -e 'const u=new URL(process.argv[1]); u.pathname="/"+process.argv[2]; console.log(u.href)' \
      "$postgres_url" "$pg_database")"
    start_server "$pg_url" "$work/postgres" || return 1
    pg=(TASKLENS_PG_URL="$base" TASKLENS_PG_TOKEN="$token" TASKLENS_PG_DATABASE_URL="$pg_url")
  fi

  step "client tests (node --test tests/clients/*.test.mjs)"
  (cd "$clients" && env TASKLENS_URL="$sqlite_base" TASKLENS_TOKEN="$sqlite_token" TASKLENS_USERNAME=demo \
    TASKLENS_BIN="$target/debug/tasklens" TASKLENS_DATABASE_URL="$database" "${pg[@]}" node --test ./*.test.mjs)
  local status=$?
  [ "$status" = 0 ] || { echo "server log (last lines):" >&2; tail -n 40 "$work/sqlite.stderr" >&2; }
  return "$status"
}

servers=()
work=""
target=""
pg_database=""
stop_server() {
  for pid in "${servers[@]}"; do
    if kill -0 "$pid" 2>/dev/null; then kill "$pid" && wait "$pid" 2>/dev/null; fi
  done
  servers=()
  if [ -n "$pg_database" ]; then
    psql "$postgres_url" -q -c "DROP DATABASE IF EXISTS $pg_database WITH (FORCE)" >/dev/null 2>&1
    pg_database=""
  fi
  [ -n "$work" ] && rm -rf "$work"
  work=""
}
trap stop_server EXIT

run_client_tests || failed+=("client tests")
stop_server

echo
if [ ${#failed[@]} -gt 0 ]; then
  printf 'tests/run.sh: FAILED: %s\n' "${failed[@]}"
  exit 1
fi
echo "tests/run.sh: everything passed"
