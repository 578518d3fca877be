#!/usr/bin/env bash
# Rebuilds the web board the tasklens binary embeds, from the pinned npm
# packages: a format check (prettier), typed documents (src/gql/, from
# ../schema.graphql), a type check, then dist/. Needs Node 20.19+ and npm; run it from anywhere.
#
#   web/build.sh           rebuild src/gql/ and dist/ in place
#   web/build.sh --check   rebuild in a scratch copy and fail when the
#                          committed src/gql/ or dist/ differ from it
set -euo pipefail
web="$(cd "$(dirname "$0")" && pwd)"
cd "$web"

sum="$(cat package.json package-lock.json | sha256sum | cut -d' ' -f1)"
if [ "$(cat node_modules/.installed-from 2>/dev/null)" != "$sum" ]; then
  npm ci --no-audit --no-fund
  echo "$sum" > node_modules/.installed-from
fi

build() {
  npx --no-install prettier --check --log-level warn src \
    || { echo "web/: run \`npm run format\` (prettier) and commit the result" >&2; return 1; }
  npx --no-install graphql-codegen --config codegen.ts --silent
  npx --no-install tsc --noEmit
  npx --no-install vite build --logLevel warn
}

if [ "${1:-}" != "--check" ]; then
  build
  ls -l dist
  exit 0
fi

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
mkdir "$scratch/web"
cp ../schema.graphql "$scratch/"
tar --exclude=./node_modules --exclude=./dist -cf - . | tar -xf - -C "$scratch/web"
ln -s "$web/node_modules" "$scratch/web/node_modules"
(cd "$scratch/web" && rm -rf src/gql && build)
stale=0
for part in src/gql dist; do
  if ! diff -r "$web/$part" "$scratch/web/$part" >"$scratch/diff" 2>&1; then
    echo "web/$part is stale against its sources; run web/build.sh and commit the result:" >&2
    head -n 20 "$scratch/diff" >&2
    stale=1
  fi
done
[ "$stale" = 0 ] && echo "web/src/gql and web/dist match their sources"
exit "$stale"
