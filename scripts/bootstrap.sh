#!/usr/bin/env bash
# The README's first command: install what is missing, build the workbook
# tool, verify the book in Chapters/ and build the site in Site/.
#
# The tool is built in debug mode: the compiler's time is spent on the
# snippets, not in the tool, and `swift test` (the README's second command)
# reuses every module of this build. The engine the snippets compile
# against is built once per engine version per machine, in the per-user
# cache ($XDG_CACHE_HOME/transition-workbook, else ~/.cache/transition-workbook).
#
#   scripts/bootstrap.sh [VERIFY OPTIONS…]   # e.g. --jobs 1
set -euo pipefail
cd "$(dirname "$0")/.."
START=$(date +%s)
step() { printf '\n==> [%3ss] %s\n' "$(( $(date +%s) - START ))" "$*" >&2; }

step "Checking the Debian packages (cmark-gfm, tmux)"
scripts/install-deps.sh

step "Building the workbook tool (debug, swift-syntax included; the first time takes a few minutes)"
swift build --product workbook
BIN=.build/debug/workbook

step "Verifying the book: every snippet compiled, run and checked"
"$BIN" verify "$@"

step "Building the site into Site/"
"$BIN" build

step "Done. Next: swift test (reuses this build), or read Site/index.html"
