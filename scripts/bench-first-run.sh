#!/usr/bin/env bash
# Times the README's two commands as a newcomer meets them: a fresh clone
# of this repository's committed HEAD, an empty per-user cache
# (XDG_CACHE_HOME), then `scripts/bootstrap.sh` (set up, verify, build the
# site) and `swift test` right after it. Targets: <= 240 s and <= 150 s on
# 2 cores. Prints the load average around each command: other work on the
# machine skews every figure.
#
# SwiftPM keeps its copies of the dependencies' repositories in the same
# cache folder; they are linked in, so that no network is needed (a
# newcomer downloads them once, which this does not time).
#
#   scripts/bench-first-run.sh [CLONE_DIR]
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=$(mktemp -d "${TMPDIR:-/tmp}/workbook-first-run-XXXXXX")
CLONE=${1:-$WORK/clone}
git clone -q "$ROOT" "$CLONE"
export XDG_CACHE_HOME="$WORK/xdg"
mkdir -p "$XDG_CACHE_HOME"
SWIFTPM_CACHE="${HOME:-/root}/.cache/org.swift.swiftpm"
[ -d "$SWIFTPM_CACHE" ] && ln -s "$SWIFTPM_CACHE" "$XDG_CACHE_HOME/org.swift.swiftpm"
cd "$CLONE"

now() { date +%s.%N; }
load() { cut -d' ' -f1-3 /proc/loadavg; }
echo "clone: $CLONE; per-user cache: $XDG_CACHE_HOME; $(nproc) cores"

L0=$(load); t0=$(now)
scripts/bootstrap.sh
t1=$(now); L1=$(load)
swift test
t2=$(now); L2=$(load)

python3 - "$t0" "$t1" "$t2" "$L0" "$L1" "$L2" <<'PY'
import sys
t0, t1, t2 = map(float, sys.argv[1:4])
l0, l1, l2 = sys.argv[4:7]
one, two = t1 - t0, t2 - t1
print(f"command 1 (scripts/bootstrap.sh): {one:6.0f} s = {one / 60:.1f} min  (target <= 240 s)  load {l0} -> {l1}")
print(f"command 2 (swift test):           {two:6.0f} s = {two / 60:.1f} min  (target <= 150 s)  load {l1} -> {l2}")
PY
