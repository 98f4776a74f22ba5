#!/usr/bin/env bash
# A collection view scrolling a 1,000-item flow-layout grid for 5 s of
# virtual time at 60 fps (release build): wall time, and how many cells
# were made (reuse keeps it near the number on screen).
#   scripts/bench/collection-scroll.sh
set -euo pipefail
source "$(dirname "$0")/lib.sh"
swift build -c release --product engine-bench --package-path "$ROOT" >/dev/null
"$ROOT/.build/release/engine-bench" collection
