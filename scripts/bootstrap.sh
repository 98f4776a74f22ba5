#!/usr/bin/env bash
# The README's first command: install what is missing, build, run the main job.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
swift build -c release --product workbook
.build/release/workbook --version
if .build/release/workbook help verify >/dev/null 2>&1; then
  .build/release/workbook verify
fi
if .build/release/workbook help build >/dev/null 2>&1; then
  .build/release/workbook build
fi
