# The benchmarks' shared library (source it; timing.py does the timing):
#   ROOT, BENCH           the repository and this folder
#   bench_tool            sets BIN: $WORKBOOK_BIN, else `swift build -c
#                         $CONFIGURATION` (release by default)
#   bench_work NAME       sets WORK: a temporary folder removed on exit
#   bench_timed CMD…      one run on the monotonic clock, appended to $BENCH_TIMES
#   bench_repeat N CMD…   N runs
#   bench_summary N       the last N runs: "MEDIAN WORST CPU LOAD" (seconds)
#   bench_header, bench_row NAME "SUMMARY" [NOTE]   the table
#   bench_check TEXT VALUE OP LIMIT   PASS or MISS; bench_exit exits 1 after a MISS
BENCH=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$BENCH/../.." && pwd)
BENCH_STATUS=0

bench_tool() {
  CONFIGURATION=${CONFIGURATION:-release}
  if [ -n "${WORKBOOK_BIN:-}" ]; then
    BIN=$WORKBOOK_BIN  # a tool built elsewhere (e.g. the debug build): no build
  else
    echo "Building workbook ($CONFIGURATION)…" >&2
    swift build -c "$CONFIGURATION" --product workbook --package-path "$ROOT" >&2
    BIN="$ROOT/.build/$CONFIGURATION/workbook"
  fi
}

bench_work() {
  WORK=$(mktemp -d "${TMPDIR:-/tmp}/workbook-$1-XXXXXX")
  BENCH_TIMES="$WORK/times"
  export BENCH_TIMES
  trap 'bench_cleanup' EXIT
}
# Benchmarks that start processes of their own extend this.
bench_cleanup() { rm -rf "$WORK"; }

bench_timed() { python3 "$BENCH/timing.py" run "$BENCH_TIMES" "$@"; }
bench_repeat() {
  local n=$1; shift
  for _ in $(seq "$n"); do bench_timed "$@" || return; done
}
bench_summary() { python3 "$BENCH/timing.py" summary "$BENCH_TIMES" "$1"; }
bench_header() { python3 "$BENCH/timing.py" header; }
bench_row() { python3 "$BENCH/timing.py" row "$@"; }
bench_check() { python3 "$BENCH/timing.py" check "$@" || BENCH_STATUS=1; }
bench_exit() { exit "$BENCH_STATUS"; }
load() { cut -d' ' -f1-3 /proc/loadavg; }
