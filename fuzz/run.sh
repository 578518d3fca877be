#!/usr/bin/env bash
# Runs every fuzz target for SECONDS each (default 60), one after the
# other, from its seeds (fuzz/seeds/TARGET) and the corpus earlier runs
# grew (fuzz/corpus/TARGET, not committed), and prints a table: executions
# per second, coverage at start and at end, and whether it found a crash.
# A crash leaves its input in fuzz/artifacts/TARGET/; turn each into a
# regression test before fixing it.
#
#   fuzz/run.sh [SECONDS] [TARGET...]
#
# FUZZ_PARALLEL=N runs N targets at a time (default 1).
# Needs cargo-fuzz (`cargo install cargo-fuzz`). The machine's stable Rust
# takes cargo fuzz's nightly flags with RUSTC_BOOTSTRAP=1.
set -uo pipefail
cd "$(dirname "$0")"
seconds="${1:-60}"
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(graphql_request mcp_call cursors text_windows markdown frontmatter tool_document)
fi
command -v cargo-fuzz >/dev/null || { echo "fuzz/run.sh: install cargo-fuzz first: cargo install cargo-fuzz" >&2; exit 1; }
export RUSTC_BOOTSTRAP=1
# No sanitizer: the code is safe Rust; what is looked for is a panic, an
# abort (a stack overflow included), a hang or runaway memory. Built once,
# then the binaries run as they are (`cargo fuzz run` would rebuild).
cargo fuzz build --sanitizer none >/dev/null 2>build.log \
  || { echo "fuzz/run.sh: the build failed; see fuzz/build.log" >&2; exit 1; }
bin="target/$(rustc -vV | sed -n 's/^host: //p')/release"
parallel="${FUZZ_PARALLEL:-1}"
mkdir -p logs

run_target() {
  local target="$1"
  mkdir -p "corpus/$target" "artifacts/$target"
  "$bin/$target" "corpus/$target" "seeds/$target" -artifact_prefix="artifacts/$target/" \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 \
    >"logs/$target.log" 2>&1
  echo $? >"logs/$target.status"
}

# FUZZ_PARALLEL targets at a time (one core each).
running=0
for target in "${targets[@]}"; do
  run_target "$target" &
  running=$((running + 1))
  if [ "$running" -ge "$parallel" ]; then
    wait -n
    running=$((running - 1))
  fi
done
wait

printf '%-16s %10s %10s %10s %8s\n' target exec/s cov-start cov-end crash
failed=0
for target in "${targets[@]}"; do
  log="logs/$target.log"
  start=$(grep -m1 -o 'INITED cov: [0-9]*' "$log" | grep -o '[0-9]*$')
  end=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*$')
  rate=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | grep -o '[0-9]*$')
  crash=no
  if [ "$(cat "logs/$target.status")" != 0 ]; then crash=YES; failed=1; fi
  printf '%-16s %10s %10s %10s %8s\n' "$target" "${rate:-?}" "${start:-?}" "${end:-?}" "$crash"
done
exit "$failed"
