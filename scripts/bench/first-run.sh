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
#   scripts/bench/first-run.sh [CLONE_DIR]
set -euo pipefail
source "$(dirname "$0")/lib.sh"
bench_work first-run
bench_cleanup() { :; }  # the clone and its logs stay, to look at
CLONE=${1:-$WORK/clone}
git clone -q "$ROOT" "$CLONE"
export XDG_CACHE_HOME="$WORK/xdg"
mkdir -p "$XDG_CACHE_HOME"
SWIFTPM_CACHE="${HOME:-/root}/.cache/org.swift.swiftpm"
[ -d "$SWIFTPM_CACHE" ] && ln -s "$SWIFTPM_CACHE" "$XDG_CACHE_HOME/org.swift.swiftpm"
cd "$CLONE"

echo "clone: $CLONE; per-user cache: $XDG_CACHE_HOME; $(nproc) cores"

L0=$(load)
bench_timed --show scripts/bootstrap.sh
ONE=$(bench_summary 1)
L1=$(load)
bench_timed --show swift test
TWO=$(bench_summary 1)
L2=$(load)

cores=$(nproc)
bench_header
bench_row "command 1 (scripts/bootstrap.sh)" "$ONE" "  load $L0 -> $L1"
bench_row "command 2 (swift test)" "$TWO" "  load $L1 -> $L2"
echo "CPU / $cores cores is what each needs at least on an idle machine"
bench_check "command 1 <= 240 s" "${ONE%% *}" "<=" 240
bench_check "command 2 <= 150 s" "${TWO%% *}" "<=" 150
bench_exit
