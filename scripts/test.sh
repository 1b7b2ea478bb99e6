#!/usr/bin/env bash
# npm test: everything, in the order that fails fastest.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== %s\n' "$*"; }

step "docs";                node --import tsx scripts/check-docs.ts
step "lint";                npm run --silent lint
step "typecheck";           npm run --silent typecheck
step "unit + API (PGlite)"; npx vitest run
# The PostgreSQL run repeats only the test files that reach the test database (src/server/test/database.ts
# picks PGlite or PostgreSQL): the others would run the same code twice. The authorization matrix and the three
# fuzzers check the HTTP layer (statuses, schemas, who may call), which is the same on both, at a minute and a
# half of the run: they run once, on PGlite; every route's own tests still run on both.
step "API (PostgreSQL)";    npm run --silent test:pg
step "crash safety";        npm run --silent test:crash
step "build";               npm run --silent build
step "first-load budget";   npx tsx scripts/bundle-size.ts
step "end-to-end";          bash scripts/ensure-chromium.sh && npx playwright test
