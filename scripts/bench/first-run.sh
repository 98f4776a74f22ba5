#!/usr/bin/env bash
# Times the README's two commands as a newcomer meets them: a fresh clone
# of this repository's committed HEAD, an empty per-user cache
# (XDG_CACHE_HOME), then `scripts/bootstrap.sh` (set up, verify, build the
# site) and `swift test` right after it. Targets: <= 240 s and <= 150 s on
# 2 cores. Prints the load average around each command and the CPU time
# each took (user + system, every process it started): on a busy machine
# the wall-clock figure grows with the load, and CPU time / cores is what
# the same command needs at least on a quiet one.
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

# Runs a command; prints "WALL CPU" (seconds) of it and everything it started.
timed() {
  python3 - "$@" <<'PY'
import resource, subprocess, sys, time
start = time.monotonic()
status = subprocess.call(sys.argv[1:])
wall = time.monotonic() - start
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(f"{wall:.1f} {usage.ru_utime + usage.ru_stime:.1f}", file=open("/dev/fd/3", "w"))
sys.exit(status)
PY
}
load() { cut -d' ' -f1-3 /proc/loadavg; }
echo "clone: $CLONE; per-user cache: $XDG_CACHE_HOME; $(nproc) cores"

L0=$(load)
ONE=$(timed scripts/bootstrap.sh 3>&1 >&2)
L1=$(load)
TWO=$(timed swift test 3>&1 >&2)
L2=$(load)

python3 - "$ONE" "$TWO" "$L0" "$L1" "$L2" "$(nproc)" <<'PY'
import sys
(one_wall, one_cpu), (two_wall, two_cpu) = (map(float, x.split()) for x in sys.argv[1:3])
l0, l1, l2, cores = sys.argv[3], sys.argv[4], sys.argv[5], int(sys.argv[6])
print(f"command 1 (scripts/bootstrap.sh): {one_wall:6.0f} s wall ({one_wall / 60:.1f} min), "
      f"{one_cpu:6.0f} s CPU = {one_cpu / cores:.0f} s on {cores} idle cores at best  (target <= 240 s)  load {l0} -> {l1}")
print(f"command 2 (swift test):           {two_wall:6.0f} s wall ({two_wall / 60:.1f} min), "
      f"{two_cpu:6.0f} s CPU = {two_cpu / cores:.0f} s on {cores} idle cores at best  (target <= 150 s)  load {l1} -> {l2}")
PY
