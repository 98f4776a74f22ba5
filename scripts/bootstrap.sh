#!/usr/bin/env bash
# The README's first command: install what is missing, build the workbook
# tool, run the main job on the book in Chapters/, and build the site in Site/.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
swift build -c release --product workbook
.build/release/workbook verify "$@"
.build/release/workbook build
