#!/usr/bin/env bash
# npm test: everything, in the order that fails fastest.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== %s\n' "$*"; }

# The docs check, lint and typecheck one after another: side by side (single-threaded each) they took 65 s on a
# fresh clone of two cores, against 54 s in turn.
step "docs";                node --import tsx scripts/check-docs.ts
step "lint";                npm run --silent lint
step "typecheck";           npm run --silent typecheck
step "unit + API (PGlite)"; npx vitest run
# The PostgreSQL run repeats only the test files that reach the test database (src/server/test/database.ts
# picks PGlite or PostgreSQL): the others would run the same code twice. The authorization matrix and the three
# fuzzers check the HTTP layer (statuses, schemas, who may call), which is the same on both, at a minute and a
# half of the run: they run once, on PGlite; every route's own tests still run on both.
step "API (PostgreSQL)";    npm run --silent test:pg
# The proofs with real processes (kill -9 under writes, a PostgreSQL outage, jobs killed mid-run, two processes
# side by side) are `npm run test:reliability` (decision 103): they took over two minutes of this run.
step "build";               npm run --silent build
step "first-load budget";   npx tsx scripts/bundle-size.ts
step "end-to-end";          bash scripts/ensure-chromium.sh && npx playwright test
