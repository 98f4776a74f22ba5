#!/usr/bin/env bash
# Benchmarks, release build. Prints one line per scenario.
#   scripts/bench.sh            # engine benchmarks (animation, diagrams, Auto Layout)
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product engine-bench >/dev/null
.build/release/engine-bench
