#!/usr/bin/env bash
# Every benchmark, by name (each script in this folder says what it
# measures and its targets; its arguments follow the name):
#   scripts/bench/bench.sh engine        the engine: 1,000 views animating at 60 fps, diagrams, Auto Layout
#   scripts/bench/bench.sh verify        workbook verify: first run, second book, cold, warm, one chapter edited
#   scripts/bench/bench.sh cold-verify   a new book's cold verify against one swiftc of its code (the floor), warm, the repository's book
#   scripts/bench/bench.sh build         workbook build from a warm cache (target <= 1 s)
#   scripts/bench/bench.sh step          workbook step: save-to-result latency (target < 1 s)
#   scripts/bench/bench.sh literal       a literal-only edit against a code edit, in step and verify (target <= 100 ms)
#   scripts/bench/bench.sh first-run     the README's two commands from a fresh clone
#   scripts/bench/bench.sh adversarial-nesting  workbook build of 1 MB of hostile Markdown nesting (target < 2 s, no crash)
#   scripts/bench/bench.sh mcp           workbook mcp's run_swift against workbook run on the same file (target: within 20 %)
#   scripts/bench/bench.sh all           all of them, one after the other (first-run last: it takes minutes)
# Exit status 1 when a benchmark misses its target (`all`: when any does).
set -uo pipefail
BENCH=$(cd "$(dirname "$0")" && pwd)
NAMES=(engine verify cold-verify build step literal adversarial-nesting mcp first-run)
name=${1:-}
case "$name" in
  all)
    status=0
    for each in "${NAMES[@]}"; do
      echo "== $each"
      "$BENCH/$each.sh" || status=1
    done
    exit $status ;;
  engine|verify|cold-verify|build|step|literal|adversarial-nesting|mcp|first-run)
    shift
    exec "$BENCH/$name.sh" "$@" ;;
  *)
    sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2 ;;
esac
