#!/usr/bin/env bash
# Mutation testing with cargo-mutants over the modules whose bugs would
# cost the most: the size guard (lists, and records), keyset cursors, text windows, visibility,
# the document limits and the input bounds. Each module is mutated alone,
# with the tests that exercise it (unit tests, and the integration binary
# that drives it), and the score is printed per module: caught over viable
# (caught + missed; unviable mutants do not build, timeouts count as caught).
# The missed ones are listed in mutants.out/<module>/missed.txt.
#
#   tests/mutants.sh [MODULE...]      e.g. tests/mutants.sh nesting window
#
# Needs cargo-mutants (`cargo install cargo-mutants`). One module takes
# 5 to 30 minutes on two cores (the first build of each is a full one).
set -uo pipefail
cd "$(dirname "$0")/.."
command -v cargo-mutants >/dev/null || { echo "tests/mutants.sh: cargo install cargo-mutants first" >&2; exit 1; }

# module name | file | the test targets that exercise it | test-name filters
# Unit tests first: a module whose bugs only an integration test sees is
# run against that binary, narrowed to the tests about it.
modules=(
  "guard|src/mcp/guard.rs|--lib|"
  "record|src/mcp/guard/record.rs|--lib|"
  "cursor|src/store/cursor.rs|--lib|"
  "keyset|src/store/keyset.rs|--lib|"
  "window|src/text/window.rs|--lib|"
  "limits|src/graphql/limits.rs|--lib|"
  "nesting|src/graphql/nesting.rs|--lib|"
  "introspection|src/graphql/introspection.rs|--lib|"
  "input|src/store/input.rs|--lib|"
  "visibility|src/store/visibility.rs|--test=graphql|visibility"
  "serve|src/http/serve.rs|--lib --test=graphql|slow_clients http::serve::"
)
wanted=("$@")
printf '%-14s %7s %7s %7s %9s %7s\n' module caught missed timeout unviable score
status=0
for entry in "${modules[@]}"; do
  IFS='|' read -r name file target filter <<<"$entry"
  if [ ${#wanted[@]} -gt 0 ] && [[ ! " ${wanted[*]} " == *" $name "* ]]; then continue; fi
  out="mutants.out/$name"
  rm -rf "$out"; mkdir -p "$out"
  # The targets are built and run alone (`--cargo-arg`); a unit test that
  # loops is stopped after 30 s and counts as caught.
  targets=()
  for t in $target; do targets+=(--cargo-arg="$t"); done
  # shellcheck disable=SC2086
  cargo mutants --file "$file" --timeout 30 --output "$out" --no-shuffle -j 2 \
    "${targets[@]}" -- -- $filter >"$out/log.txt" 2>&1
  dir="$out/mutants.out"
  count() { local n=0; [ -f "$dir/$1.txt" ] && n=$(grep -c . "$dir/$1.txt" || true); echo "${n:-0}"; }
  caught=$(count caught); missed=$(count missed); timeout=$(count timeout); unviable=$(count unviable)
  viable=$((caught + missed + timeout))
  score=$([ "$viable" -gt 0 ] && echo "$(( (caught + timeout) * 100 / viable ))%" || echo "-")
  [ -f "$dir/missed.txt" ] && cp "$dir/missed.txt" "$out/missed.txt"
  printf '%-14s %7s %7s %7s %9s %7s\n' "$name" "$caught" "$missed" "$timeout" "$unviable" "$score"
  [ "$viable" -gt 0 ] && [ $(( (caught + timeout) * 100 / viable )) -lt 90 ] && status=1
done
exit "$status"
