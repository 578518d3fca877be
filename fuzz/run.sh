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
# abort (a stack overflow included), a hang or runaway memory.
cargo fuzz build --sanitizer none >/dev/null 2>build.log \
  || { echo "fuzz/run.sh: the build failed; see fuzz/build.log" >&2; exit 1; }
mkdir -p logs
printf '%-16s %10s %10s %10s %8s\n' target exec/s cov-start cov-end crash
failed=0
for target in "${targets[@]}"; do
  mkdir -p "corpus/$target" "artifacts/$target"
  log="logs/$target.log"
  cargo fuzz run --sanitizer none "$target" "corpus/$target" "seeds/$target" -- \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 \
    >"$log" 2>&1
  status=$?
  start=$(grep -m1 -o 'INITED cov: [0-9]*' "$log" | grep -o '[0-9]*$')
  end=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*$')
  rate=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | grep -o '[0-9]*$')
  crash=no
  if [ "$status" -ne 0 ]; then crash=YES; failed=1; fi
  printf '%-16s %10s %10s %10s %8s\n' "$target" "${rate:-?}" "${start:-?}" "${end:-?}" "$crash"
done
exit "$failed"
