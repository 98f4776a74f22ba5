#!/usr/bin/env bash
# The README's first command: install what is missing, build the workbook
# tool, verify the book in Chapters/ and build the site in Site/.
#
# The tool is built in debug mode: the compiler's time is spent on the
# snippets, not in the tool, and `swift test` (the README's second command)
# reuses every module of this build. The tests are built too, in the
# background while the book is verified (verify does not use SwiftPM, so the
# two do not wait on each other), and `swift test` then only runs them;
# WORKBOOK_BOOTSTRAP_TESTS=0 skips that (the book is verified a little
# sooner, and `swift test` builds the tests itself). The engine the snippets
# compile against is built once per engine version per machine, in the
# per-user cache ($XDG_CACHE_HOME/transition-workbook, else
# ~/.cache/transition-workbook).
#
#   scripts/bootstrap.sh [VERIFY OPTIONS…]   # e.g. --jobs 1
set -euo pipefail
cd "$(dirname "$0")/.."
START=$(date +%s)
step() { printf '\n==> [%3ss] %s\n' "$(( $(date +%s) - START ))" "$*" >&2; }

step "Checking the Debian packages (cmark-gfm, tmux)"
scripts/setup/install-deps.sh

step "Building the workbook tool (debug; the first time takes a few minutes)"
# swift-syntax comes from the toolchain when it ships it (see Package.swift).
# A build folder made while swift-syntax was built from the package holds
# that build's modules, which would shadow the toolchain's ("missing required
# module '_SwiftSyntaxCShims'"): remove them, once.
if ! swift package dump-package 2>/dev/null | grep -q '"identity" : "swift-syntax"'; then
  HOST="$(swift -print-target-info | sed -n 's/.*"runtimeResourcePath": "\(.*\)".*/\1/p')/host"
  for MODULES in .build/*/*/Modules; do
    [ -e "$MODULES/SwiftSyntax.swiftmodule" ] || continue
    echo "Removing swift-syntax's modules built from the package from $MODULES (the toolchain's are used now)" >&2
    for INTERFACE in "$HOST"/*.swiftmodule; do
      NAME=$(basename "$INTERFACE" .swiftmodule)
      rm -rf "$MODULES/$NAME".swift* "$MODULES/$NAME".o
    done
  done
fi
swift build --product workbook
BIN=.build/debug/workbook

TESTS_PID=""
if [ "${WORKBOOK_BOOTSTRAP_TESTS:-1}" = 1 ]; then
  step "Building the tests in the background, for swift test (log: .build/bootstrap-tests.log)"
  swift build --build-tests > .build/bootstrap-tests.log 2>&1 &
  TESTS_PID=$!
  trap '[ -n "$TESTS_PID" ] && kill "$TESTS_PID" 2>/dev/null || true' EXIT
fi

step "Verifying the book: every snippet compiled, run and checked"
"$BIN" verify "$@"

step "Building the site into Site/"
"$BIN" build

if [ -n "$TESTS_PID" ]; then
  step "Waiting for the tests' build"
  if ! wait "$TESTS_PID"; then
    TESTS_PID=""
    tail -n 30 .build/bootstrap-tests.log >&2
    echo "error: the tests do not build (full log: .build/bootstrap-tests.log)" >&2
    exit 1
  fi
  TESTS_PID=""
fi

step "Done. Next: swift test (reuses this build), or read Site/index.html"
