#!/usr/bin/env bash
# Benchmarks a cold `workbook verify` (issue 41) against the compiler's floor,
# measured in the same run: TRIALS times, a new book of CHAPTERS x
# SNIPPETS_PER_CHAPTER snippets (gen-book.py, with new names each trial, so
# that no result cache or program store has seen its code), verified with
# the engine built and nothing else cached, then its code compiled once as
# one file by `swiftc -Onone -c` (the floor). It prints:
#
#   cold verify, the floor, and their ratio (the median of each trial's);
#   per-snippet compiles: SAMPLE snippets compiled (and linked) each as its
#     own program, one swiftc after the other, scaled to the whole book;
#   warm verify (the last trial's book, unchanged);
#   this repository's whole book cold (`verify --no-cache`: no cache read
#     or written, as on a CI shard).
#
# Targets (2 cores): cold <= 0.75 x floor, per-snippet compiles >= 10 x
# cold, warm <= 0.035 s. Exit status 1 when a target is missed. The engine
# is built once into this run's own cache (the first verify, not timed as
# cold). Each figure is wall-clock and CPU time (lib.sh); the ratio of two
# measured together holds on a loaded machine, a single figure does not.
#
# Usage: scripts/bench/cold-verify.sh [TRIALS] [CHAPTERS] [SNIPPETS_PER_CHAPTER] [SAMPLE]
#        WORKBOOK_BIN=path/to/workbook scripts/bench/cold-verify.sh   # a tool built elsewhere (no build)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
TRIALS=${1:-5}
CHAPTERS=${2:-10}
PER_CHAPTER=${3:-8}
SAMPLE=${4:-8}
SNIPPETS=$((CHAPTERS * PER_CHAPTER))

bench_tool
bench_work bench-cold-verify
export PYTHONPATH="$BENCH"
export XDG_CACHE_HOME="$WORK/xdg"
USER_CACHE="$XDG_CACHE_HOME/transition-workbook"
SOURCES=(--engine-sources "$ROOT/Sources/TransitionEngine")
echo "load average at the start: $(load)" >&2

# The engine, built once (a book of one chapter).
python3 "$BENCH/gen-book.py" "$WORK/engine/Chapters" 1 1
(cd "$WORK/engine" && "$BIN" verify --record "${SOURCES[@]}" >/dev/null 2>&1) || true
ENGINE=$(find "$USER_CACHE/engine" -mindepth 1 -maxdepth 1 -type d ! -name '.building-*' | head -n 1)
[ -n "$ENGINE" ] || { echo "No engine build in $USER_CACHE/engine" >&2; exit 1; }
SWIFTC=$(command -v swiftc)
FLOOR_FLAGS=(-I "$ENGINE" -module-cache-path "$USER_CACHE/module-cache" -swift-version 5 -Onone)

# Cold and floor, trial by trial (a new book each time).
RATIOS="$WORK/ratios"
for n in $(seq "$TRIALS"); do
  TRIAL="$WORK/trial-$n"
  python3 "$BENCH/gen-book.py" "$TRIAL/Chapters" "$CHAPTERS" "$PER_CHAPTER" "$TRIAL/baseline" "t$$n$n"
  (cd "$TRIAL" && bench_timed "$BIN" verify --record "${SOURCES[@]}") || { echo "The book does not verify" >&2; exit 1; }
  COLD_ONE=$(bench_summary 1)
  bench_timed "$SWIFTC" -c "$TRIAL/baseline/all.swift" "${FLOOR_FLAGS[@]}" -o "$TRIAL/all.o"
  FLOOR_ONE=$(bench_summary 1)
  python3 -c "import sys; c, f = (list(map(float, a.split())) for a in sys.argv[1:]); print(c[0] / f[0], c[2] / f[2])" \
    "$COLD_ONE" "$FLOOR_ONE" >> "$RATIOS"
done
# Every other line of the times is a cold verify, the others the floor.
COLD=$(python3 -c "import sys, timing; rows = [tuple(map(float, l.split())) for l in open(sys.argv[1]) if l.strip()][-2 * $TRIALS::2]; print(' '.join(f'{x:.3f}' for x in timing.summarize(rows)))" "$BENCH_TIMES")
FLOOR=$(python3 -c "import sys, timing; rows = [tuple(map(float, l.split())) for l in open(sys.argv[1]) if l.strip()][-2 * $TRIALS + 1::2]; print(' '.join(f'{x:.3f}' for x in timing.summarize(rows)))" "$BENCH_TIMES")

# Each snippet its own program: SAMPLE of them, one swiftc after the other.
EACH_SCRIPT="$WORK/each.sh"
{
  for program in $(ls -d "$TRIAL"/baseline/each/*/ | awk -v n="$SNIPPETS" -v s="$SAMPLE" 'NR % int(n / s) == 1'); do
    echo "'$SWIFTC' '${program}main.swift' -I '$ENGINE' -L '$ENGINE' -lTransitionEngine -Xlinker -rpath -Xlinker '$ENGINE' \
      -module-cache-path '$USER_CACHE/module-cache' -swift-version 5 -Onone -o '${program}program' || exit 1"
  done
} > "$EACH_SCRIPT"
SAMPLED=$(wc -l < "$EACH_SCRIPT")
bench_timed bash "$EACH_SCRIPT"
EACH=$(bench_summary 1)

# Warm: the last book, unchanged.
for _ in 1 2 3 4 5; do (cd "$TRIAL" && bench_timed "$BIN" verify "${SOURCES[@]}"); done
WARM=$(bench_summary 5)

# This repository's book, cold: nothing cached (as a CI shard).
mkdir -p "$WORK/repository"
cp -R "$ROOT/Chapters" "$WORK/repository/Chapters"
(cd "$WORK/repository" && bench_timed "$BIN" verify --no-cache "${SOURCES[@]}") || echo "(the repository's book has findings)" >&2
REPOSITORY=$(bench_summary 1)

python3 - "$RATIOS" "$COLD" "$FLOOR" "$EACH" "$SAMPLED" "$SNIPPETS" "$WARM" "$REPOSITORY" "$CHAPTERS" <<'PY'
import os, statistics, sys
import timing
ratios = [tuple(map(float, l.split())) for l in open(sys.argv[1]) if l.strip()]
cold, floor, each, warm, repository = (tuple(map(float, a.split())) for a in
                                       (sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[7], sys.argv[8]))
sampled, snippets, chapters = int(sys.argv[5]), int(sys.argv[6]), sys.argv[9]
scale = snippets / sampled
each_book = (each[0] * scale, each[1] * scale, each[2] * scale, each[3])
print(f"book: {chapters} chapters, {snippets} snippets, {len(ratios)} trials (new code each); {os.cpu_count()} cores")
print(timing.header())
print(timing.row("cold verify (engine built, nothing cached)", cold))
print(timing.row("floor: one swiftc -Onone -c of the book's code", floor))
print(timing.row(f"each snippet alone (estimate: {sampled} x {scale:g})", each_book))
print(timing.row("warm verify (unchanged book)", warm))
print(timing.row("this repository's book, verify --no-cache", repository))
wall = statistics.median(r[0] for r in ratios)
cpu = statistics.median(r[1] for r in ratios)
print(f"cold / floor, median of the trials: {wall:.2f} wall, {cpu:.2f} CPU "
      f"(each trial: {', '.join(f'{r[0]:.2f}' for r in ratios)})")
print(f"load average at the end: {os.getloadavg()[0]:.2f} (other work on the machine skews the wall-clock figures)")
ok = [
    timing.check(f"cold / floor = {wall:.2f} wall (target <= 0.75)", wall, "<=", 0.75),
    timing.check(f"each / cold = {each_book[0] / cold[0]:.1f} wall (target >= 10)", each_book[0] / cold[0], ">=", 10),
    timing.check(f"warm = {warm[0]:.3f} s (target <= 0.035 s)", warm[0], "<=", 0.035),
]
sys.exit(0 if all(ok) else 1)
PY
