#!/usr/bin/env bash
# Mutation testing with cargo-mutants over the modules whose bugs would
# cost the most: the size guard, keyset cursors, text windows, visibility,
# the document limits and the input bounds. Each module is mutated alone,
# with the tests that exercise it (unit tests, and the integration binary
# that drives it), and the score is printed per module: caught over viable
# (caught + missed; unviable mutants do not build, timeouts count as caught).
# The missed ones are listed in mutants.out/<module>/missed.txt.
#
#   tests/mutants.sh [MODULE...]      e.g. tests/mutants.sh nesting window
#
# Needs cargo-mutants (`cargo install cargo-mutants`). One module takes
# 10 to 60 minutes on two cores.
set -uo pipefail
cd "$(dirname "$0")/.."
command -v cargo-mutants >/dev/null || { echo "tests/mutants.sh: cargo install cargo-mutants first" >&2; exit 1; }

# module name | file | cargo test arguments that exercise it
modules=(
  "guard|src/mcp/guard.rs|--lib --test mcp"
  "reply|src/mcp/reply.rs|--lib --test mcp"
  "cursor|src/store/cursor.rs|--lib --test graphql"
  "keyset|src/store/keyset.rs|--lib --test graphql"
  "window|src/text/window.rs|--lib --test mcp"
  "visibility|src/store/visibility.rs|--test graphql --test mcp"
  "limits|src/graphql/limits.rs|--lib --test graphql"
  "nesting|src/graphql/nesting.rs|--lib"
  "introspection|src/graphql/introspection.rs|--lib"
  "input|src/store/input.rs|--lib --test graphql"
  "serve|src/http/serve.rs|--test graphql"
)
wanted=("$@")
printf '%-14s %7s %7s %7s %9s %7s\n' module caught missed timeout unviable score
status=0
for entry in "${modules[@]}"; do
  IFS='|' read -r name file args <<<"$entry"
  if [ ${#wanted[@]} -gt 0 ] && [[ ! " ${wanted[*]} " == *" $name "* ]]; then continue; fi
  out="mutants.out/$name"
  rm -rf "$out"; mkdir -p "$out"
  # shellcheck disable=SC2086
  cargo mutants --file "$file" --timeout 300 --output "$out" --no-shuffle -- $args >"$out/log.txt" 2>&1
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
