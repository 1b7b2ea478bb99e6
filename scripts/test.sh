#!/usr/bin/env bash
# npm test: everything, in the order that fails fastest.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== %s\n' "$*"; }

# Runs steps side by side ("name" "command" pairs), each one's output kept apart and shown whole when all have
# ended, in the order given; fails when any failed. For single-threaded steps that leave a core idle.
together() {
  local dir names=() pids=() failed=0 i=0
  dir="$(mktemp -d)"
  while [ $# -gt 0 ]; do
    names+=("$1")
    bash -c "$2" >"$dir/$i.log" 2>&1 &
    pids+=($!)
    shift 2
    i=$((i + 1))
  done
  for i in "${!names[@]}"; do
    local status=0
    wait "${pids[$i]}" || status=$?
    step "${names[$i]}"
    cat "$dir/$i.log"
    if [ "$status" -ne 0 ]; then
      echo "(${names[$i]} failed: exit $status)"
      failed=1
    fi
  done
  rm -rf "$dir"
  return "$failed"
}

together \
  "docs" "node --import tsx scripts/check-docs.ts" \
  "lint" "npm run --silent lint" \
  "typecheck" "npm run --silent typecheck"
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
