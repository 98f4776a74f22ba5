#!/usr/bin/env bash
# The engine's benchmarks (release build): animation, diagrams, Auto Layout.
# Prints one line per scenario.
#   scripts/bench/engine.sh
set -euo pipefail
source "$(dirname "$0")/lib.sh"
swift build -c release --product engine-bench --package-path "$ROOT" >/dev/null
"$ROOT/.build/release/engine-bench"
