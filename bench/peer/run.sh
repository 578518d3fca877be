#!/usr/bin/env bash
# Side-by-side load benchmark: tasklens against PostGraphile on one seeded
# PostgreSQL database, the same task pages asked of both, measured with wrk.
#
#   bench/peer/run.sh
#
# Settings (environment):
#   TASKLENS_BIN   tasklens binary (default target/release/tasklens, built when missing)
#   PEER_PG_URL    PostgreSQL server, no database (default postgres://postgres@127.0.0.1:5432);
#                  the database tasklens_peer on it is dropped and created anew
#   PROJECTS, TASKS        board size (20 projects, 100000 tasks)
#   TASKLENS_PORT, PEER_PORT   listen ports (18080, 15000)
#   DURATION, WARMUP, ROUNDS   seconds per measured run, seconds of warm-up before
#                  each, rounds of every row (15, 3, 2)
#   PEER_POOL      PostGraphile's pool size (16; tasklens uses its default, four per core)
#   PEER_WORKERS   PostGraphile --cluster-workers (unset: one node process)
#   WRK_TIMEOUT    seconds before wrk counts a request as timed out (10)
#
# Report on stdout, progress on stderr. Both servers run with their default
# logging (per-request lines are at DEBUG in tasklens, off in PostGraphile). The raw wrk output, the
# server logs and the request bodies stay in a temporary directory, named at
# the end.
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
DURATION=${DURATION:-15}
WARMUP=${WARMUP:-3}
ROUNDS=${ROUNDS:-2}
PEER_POOL=${PEER_POOL:-16}
PEER_WORKERS=${PEER_WORKERS:-}
WRK_TIMEOUT=${WRK_TIMEOUT:-10}
TASKLENS_URL="http://127.0.0.1:$TASKLENS_PORT"
PEER_URL="http://127.0.0.1:$PEER_PORT"

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
if [[ ! -d "$HERE/node_modules/postgraphile" ]]; then
    say "npm ci (PostGraphile)"
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

for port in "$TASKLENS_PORT" "$PEER_PORT"; do
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
TOKEN=$("$BIN" --database-url "$DB_URL" token create --user "$USERNAME" --name bench | grep '^tl_' | tail -n 1 || true)
[[ -n $TOKEN ]] || die "tasklens token create printed no token"
say "project $PROJECT_KEY (id $PROJECT_ID): $PROJECT_LIVE live tasks; board $BOARD_LIVE live, $TOMBSTONES tombstones; viewer $USERNAME"

# ---- servers ----------------------------------------------------------------

"$BIN" --database-url "$DB_URL" serve --listen "127.0.0.1:$TASKLENS_PORT" >"$OUT/tasklens.log" 2>&1 &
TASKLENS_PID=$!
PIDS+=("$TASKLENS_PID")

PEER_ARGS=(
    -c "$DB_URL" --schema public
    --append-plugins postgraphile-plugin-connection-filter
    --disable-query-log --disable-graphiql
    --no-setof-functions-contain-nulls --dynamic-json --no-ignore-rbac
    --max-pool-size "$PEER_POOL"
    --port "$PEER_PORT" --host 127.0.0.1
)
if [[ -n $PEER_WORKERS ]]; then PEER_ARGS+=(--cluster-workers "$PEER_WORKERS"); fi
(cd "$HERE" && NODE_ENV=production exec node node_modules/.bin/postgraphile "${PEER_ARGS[@]}") >"$OUT/postgraphile.log" 2>&1 &
PEER_PID=$!
PIDS+=("$PEER_PID")

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
wait_for PostGraphile "$PEER_PID" "$OUT/postgraphile.log" -H 'Content-Type: application/json' \
    -d '{"query":"{ __typename }"}' "$PEER_URL/graphql"

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
echo "node${PEER_WORKERS:+: master and $PEER_WORKERS workers}" >"$OUT/peer-processes"
rss_kb "$TASKLENS_PID" >"$OUT/rss-idle.tasklens"
rss_kb "$PEER_PID" >"$OUT/rss-idle.peer"

# ---- requests, checked --------------------------------------------------------

say "checking that both servers answer with the same rows"
python3 "$HERE/peer.py" prepare --out "$OUT" --tasklens "$TASKLENS_URL" --token "$TOKEN" --peer "$PEER_URL" \
    --project-key "$PROJECT_KEY" --project-id "$PROJECT_ID" \
    --project-live "$PROJECT_LIVE" --board-live "$BOARD_LIVE" >&2 ||
    die "the servers disagree (see above); nothing measured"

# ---- load -------------------------------------------------------------------

pid_of() { if [[ $1 == tasklens ]]; then echo "$TASKLENS_PID"; else echo "$PEER_PID"; fi; }

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
        # Alternate which server goes first from one round to the next.
        if ((round % 2)); then order=(tasklens peer); else order=(peer tasklens); fi
        for server in "${order[@]}"; do
            [[ -d $OUT/requests/$req/$server ]] || continue
            base="$OUT/wrk/r$round.$req.c$conns.$server"
            say "round $round/$ROUNDS: $req at $conns conns on $server"
            run_wrk "$req" "$server" "$conns" "$WARMUP" "$base.warmup.txt"
            pid=$(pid_of "$server")
            echo 0 >"$base.rss"
            sample_rss "$pid" "$base.rss" &
            SAMPLER=$!
            run_wrk "$req" "$server" "$conns" "$DURATION" "$base.txt"
            kill "$SAMPLER" 2>/dev/null || true
            wait "$SAMPLER" 2>/dev/null || true
            SAMPLER=
            kill -0 "$pid" 2>/dev/null || die "$server died during the run; see $OUT"
            printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$req" "$conns" "$server" "$round" "$base.txt" "$(cat "$base.rss")" \
                >>"$OUT/results.tsv"
            runs=$((runs + 1))
        done
    done
done

# ---- report -----------------------------------------------------------------

peer="pool $PEER_POOL${PEER_WORKERS:+, $PEER_WORKERS cluster workers}"
echo
echo "$("$BIN" --version) and PostGraphile 4.14.1 (connection-filter 2.3.0, $peer)" \
    "on PostgreSQL $(sql 'SHOW server_version'):" \
    "$PROJECTS projects, $BOARD_LIVE live tasks, $TOMBSTONES tombstones; $PROJECT_KEY holds $PROJECT_LIVE." \
    "wrk -t2, ${DURATION}s runs after ${WARMUP}s of warm-up, $ROUNDS round(s), $(nproc) cores."
echo
python3 "$HERE/peer.py" table "$OUT"
echo
echo "Raw output ($runs runs): $OUT"
