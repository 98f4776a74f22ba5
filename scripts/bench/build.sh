#!/usr/bin/env bash
# Benchmarks `workbook build` (release) from a warm verify cache: the book in
# Chapters/ and a generated book (12 chapters x 6 snippets by default).
# Target: a warm whole-book build <= 1 s. Exit status 1 when it is missed.
#   scripts/bench-build.sh [CHAPTERS] [SNIPPETS_PER_CHAPTER]
#   WORKBOOK_BIN=.build/debug/workbook scripts/bench-build.sh   # a tool built elsewhere
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
CHAPTERS=${1:-12}
PER_CHAPTER=${2:-6}

if [ -n "${WORKBOOK_BIN:-}" ]; then
  BIN=$WORKBOOK_BIN  # a tool built elsewhere (e.g. the debug build): no build
else
  echo "Building workbook (release)…" >&2
  swift build -c release --product workbook --package-path "$ROOT" >&2
  BIN="$ROOT/.build/release/workbook"
fi

WORK=$(mktemp -d "${TMPDIR:-/tmp}/workbook-bench-build-XXXXXX")
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$WORK/gen"
python3 "$ROOT/scripts/gen-bench-book.py" "$WORK/gen/Chapters" "$CHAPTERS" "$PER_CHAPTER" "$WORK/baseline"
(cd "$WORK/gen" && "$BIN" verify --record --engine-sources "$ROOT/Sources/TransitionEngine" --cache-dir "$WORK/cache" >/dev/null 2>&1) || true

median_build() {  # DIR ARGS…: median of 7 warm builds, seconds
  local dir=$1; shift
  (cd "$dir" && "$BIN" build --out "$WORK/out-$(basename "$dir")" "$@" | sed "s/^/  /" >&2)  # warms the cache
  python3 - "$dir" "$BIN" "$WORK/out-$(basename "$dir")" "$@" <<'PY'
import statistics, subprocess, sys, time
directory, binary, out, *args = sys.argv[1:]
times = []
for _ in range(7):
    start = time.perf_counter()
    subprocess.run([binary, "build", "--out", out, *args], cwd=directory, check=True, stdout=subprocess.DEVNULL)
    times.append(time.perf_counter() - start)
print(f"{statistics.median(times):.3f}")
PY
}

BOOK=$(median_build "$ROOT")
GEN=$(median_build "$WORK/gen" --engine-sources "$ROOT/Sources/TransitionEngine" --cache-dir "$WORK/cache")
CHECK=$( (cd "$ROOT" && python3 -c "
import subprocess,time,statistics
t=[]
for _ in range(7):
    s=time.perf_counter(); subprocess.run(['$BIN','build','--check'],stdout=subprocess.DEVNULL,stderr=subprocess.DEVNULL); t.append(time.perf_counter()-s)
print(f'{statistics.median(t):.3f}')") )
echo "warm build, the book ($(ls "$ROOT"/Chapters/*.md | wc -l) chapters)         ${BOOK} s"
echo "warm build, generated book ($CHAPTERS x $PER_CHAPTER snippets)      ${GEN} s"
echo "warm build --check, the book                  ${CHECK} s"
python3 -c "import sys; sys.exit(0 if max($BOOK, $GEN) <= 1.0 else 1)" && echo "PASS warm build <= 1 s" || { echo "MISS warm build <= 1 s"; exit 1; }
