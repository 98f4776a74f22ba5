#!/usr/bin/env bash
# Benchmarks `workbook verify` (release build) against two baselines measured
# in the same run, on a generated book (12 chapters x 6 snippets by default):
#
#   single  one `swiftc` invocation compiling every snippet as one file
#           against the engine (the floor for "compile the book once");
#   each    every snippet compiled as its own program, one swiftc after the
#           other (like the single baseline, one compiler at a time); the
#           same with $(nproc) compilers at a time is reported too.
#
# and reports: a first run on an empty per-user cache (engine build + record;
# no flags: the tool finds the engine it ships with), a second book's first
# verify (the engine is reused: no build), cold verify (engine built, result
# cache empty), warm verify (unchanged book), and verify after editing one
# chapter, next to its floor (one swiftc of that chapter's snippets).
# Targets: cold <= 1.5 x single, each >= 10 x cold, warm <= 0.05 s, one
# edited chapter <= 0.3 s, no engine build for the second book. Exit status
# 1 when a target is missed.
#
# Every figure is printed as wall-clock time and CPU time (user + system of
# the command and every process it started, the compilers included), with
# the load average around it: on a shared machine the wall-clock figure
# grows with the load, the CPU time does not. The ratios are printed on
# both.
#
# Usage: scripts/bench/verify.sh [CHAPTERS] [SNIPPETS_PER_CHAPTER]
#        CONFIGURATION=debug scripts/bench/verify.sh   # with the debug build (no release build needed)
#        WORKBOOK_BIN=path/to/workbook scripts/bench/verify.sh   # a tool built elsewhere (no build)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
CHAPTERS=${1:-12}
PER_CHAPTER=${2:-6}
JOBS=$(nproc)

bench_tool
bench_work bench-verify
BOOK="$WORK/book/Chapters"
# The per-user cache (the engine) starts empty; results go to the book's .workbook/.
export XDG_CACHE_HOME="$WORK/xdg"
USER_CACHE="$XDG_CACHE_HOME/transition-workbook"
RESULTS="$WORK/book/.workbook/results"
python3 "$BENCH/gen-book.py" "$BOOK" "$CHAPTERS" "$PER_CHAPTER" "$WORK/baseline"
SNIPPETS=$((CHAPTERS * PER_CHAPTER))

# bench_timed (lib.sh): each figure is "MEDIAN WORST CPU LOAD"; a timed
# command's standard error goes to $BENCH_TIMES.log.
verify() { (cd "$WORK/book" && bench_timed "$BIN" verify "$@"); }
echo "load average at the start: $(cut -d' ' -f1-3 /proc/loadavg)" >&2

# First run: builds the engine (per-user cache empty), compiles and runs
# every chapter, records the output blocks. No flags: `workbook` finds the
# engine's sources next to its executable.
verify --record
FIRST=$(bench_summary 1)
(cd "$WORK/book" && "$BIN" verify >/dev/null 2>&1) || { echo "The generated book does not verify" >&2; exit 1; }

ENGINE=$(find "$USER_CACHE/engine" -mindepth 1 -maxdepth 1 -type d ! -name '.building-*' | head -n 1)
[ -n "$ENGINE" ] || { echo "No engine build in $USER_CACHE/engine" >&2; exit 1; }
SWIFTC=$(command -v swiftc)

# A second book somewhere else (the same chapters, so the figure compares
# with cold): its first verify must reuse the engine.
mkdir -p "$WORK/second"
cp -R "$BOOK" "$WORK/second/Chapters"
(cd "$WORK/second" && bench_timed "$BIN" verify) || { echo "The second book does not verify" >&2; exit 1; }
SECOND=$(bench_summary 1)
SECOND_LOG=$(cat "$BENCH_TIMES.log")
case "$SECOND_LOG" in *"Building TransitionEngine"*) SECOND_BUILT=1;; *) SECOND_BUILT=0;; esac

# Cold: engine built, result cache empty.
for _ in 1 2 3; do
  rm -rf "$RESULTS"
  verify
done
COLD=$(bench_summary 3)

# Warm: nothing changed.
for _ in 1 2 3 4 5; do verify; done
WARM=$(bench_summary 5)

# One chapter edited (a comment added to a snippet): that chapter alone is
# compiled again. Three edits, each new (the result cache never hits).
for n in 1 2 3; do
  sed -i "0,/^\`\`\`swift\$/s//\`\`\`swift\n\/\/ edited $n/" "$BOOK/03-chapter.md"
  verify
done
EDITED=$(bench_summary 3)

# Baseline: all snippets in one file, one swiftc.
for _ in 1 2 3; do
  bench_timed "$SWIFTC" "$WORK/baseline/all.swift" -I "$ENGINE" -L "$ENGINE" -lTransitionEngine \
    -Xlinker -rpath -Xlinker "$ENGINE" -module-cache-path "$USER_CACHE/module-cache" \
    -swift-version 5 -Onone -o "$WORK/baseline/all"
done
SINGLE=$(bench_summary 3)

# Baseline: the edited chapter's snippets as one program, one swiftc (what
# re-verifying that chapter cannot go below: verify compiles, links and runs
# the chapter's program).
for _ in 1 2 3; do
  bench_timed "$SWIFTC" "$WORK/baseline/chapter/03/main.swift" -I "$ENGINE" -L "$ENGINE" -lTransitionEngine \
    -Xlinker -rpath -Xlinker "$ENGINE" -module-cache-path "$USER_CACHE/module-cache" \
    -swift-version 5 -Onone -o "$WORK/baseline/chapter/03/program"
done
EDITED_FLOOR=$(bench_summary 3)

# Baseline: each snippet its own program, one compiler at a time.
EACH_SCRIPT="$WORK/each.sh"
cat > "$EACH_SCRIPT" <<SH
for program in "$WORK"/baseline/each/*/main.swift; do
  "$SWIFTC" "\$program" -I "$ENGINE" -L "$ENGINE" -lTransitionEngine -Xlinker -rpath -Xlinker "$ENGINE" \
    -module-cache-path "$USER_CACHE/module-cache" -swift-version 5 -Onone -o "\$program.program" || exit 1
done
SH
bench_timed bash "$EACH_SCRIPT"
EACH=$(bench_summary 1)

# The same, $JOBS compilers at a time.
bench_timed bash -c "find '$WORK/baseline/each' -name main.swift -print0 | xargs -0 -P '$JOBS' -I{} \
  '$SWIFTC' {} -I '$ENGINE' -L '$ENGINE' -lTransitionEngine -Xlinker -rpath -Xlinker '$ENGINE' \
  -module-cache-path '$USER_CACHE/module-cache' -swift-version 5 -Onone -o {}.program"
EACH_PARALLEL=$(bench_summary 1)

python3 "$BENCH/verify-report.py" "$CHAPTERS" "$SNIPPETS" "$JOBS" "$FIRST" "$COLD" "$WARM" "$EDITED" "$SINGLE" "$EACH" \
  "$EACH_PARALLEL" "$SECOND" "$SECOND_BUILT" "$EDITED_FLOOR"
