#!/usr/bin/env bash
# Rebuilds dist/ (the GraphiQL page the tasklens binary embeds) from the
# pinned npm packages. Needs Node 20.19+ and npm; run it from anywhere.
set -euo pipefail
cd "$(dirname "$0")"
npm ci --no-audit --no-fund
npx --no-install vite build
ls -l dist
