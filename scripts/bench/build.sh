#!/usr/bin/env bash
# Benchmarks `workbook build` (release) from a warm verify cache: the book in
# Chapters/ and a generated book (12 chapters x 6 snippets by default).
# Target: a warm whole-book build <= 1 s. Exit status 1 when it is missed.
#   scripts/bench/build.sh [CHAPTERS] [SNIPPETS_PER_CHAPTER] [RUNS]
#   WORKBOOK_BIN=.build/debug/workbook scripts/bench/build.sh   # a tool built elsewhere
set -euo pipefail
source "$(dirname "$0")/lib.sh"
CHAPTERS=${1:-12}
PER_CHAPTER=${2:-6}
RUNS=${3:-7}

bench_tool
bench_work bench-build
mkdir -p "$WORK/gen"
python3 "$BENCH/gen-book.py" "$WORK/gen/Chapters" "$CHAPTERS" "$PER_CHAPTER" "$WORK/baseline"
ENGINE=(--engine-sources "$ROOT/Sources/TransitionEngine" --cache-dir "$WORK/cache")
(cd "$WORK/gen" && "$BIN" verify --record "${ENGINE[@]}" >/dev/null 2>&1) || true

# DIR ARGS…: one build to warm the cache, then RUNS timed ones.
warm_builds() {
  local dir=$1; shift
  local out="$WORK/out-$(basename "$dir")"
  (cd "$dir" && "$BIN" build --out "$out" "$@" | sed "s/^/  /" >&2)
  (cd "$dir" && bench_repeat "$RUNS" "$BIN" build --out "$out" "$@")
  bench_summary "$RUNS"
}

BOOK=$(warm_builds "$ROOT")
GEN=$(warm_builds "$WORK/gen" "${ENGINE[@]}")
(cd "$ROOT" && bench_repeat "$RUNS" "$BIN" build --check)
CHECK=$(bench_summary "$RUNS")

echo "workbook build, warm cache, $RUNS runs each; load $(load)"
bench_header
bench_row "the book ($(ls "$ROOT"/Chapters/*.md | wc -l) chapters)" "$BOOK"
bench_row "generated book ($CHAPTERS x $PER_CHAPTER snippets)" "$GEN"
bench_row "build --check, the book" "$CHECK"
bench_check "warm build of the book <= 1 s (median)" "${BOOK%% *}" "<=" 1
bench_check "warm build of the generated book <= 1 s (median)" "${GEN%% *}" "<=" 1
bench_exit
