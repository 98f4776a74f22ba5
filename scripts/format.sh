#!/usr/bin/env bash
# swift-format with the repository's .swift-format (the style the code is
# written in: 2-space indents, 130 columns). Lints by default; --fix
# rewrites the files in place.
#   scripts/format.sh            # lint Sources, Tests (not Tests/Fixtures), Benchmarks, Examples and Package.swift
#   scripts/format.sh --fix      # format them
#   scripts/format.sh [--fix] PATH…   # only these files or folders
# Exit status 1 when lint finds something.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=lint
if [ "${1:-}" = "--fix" ]; then mode=format; shift; fi
paths=("$@")
# Tests/Fixtures is left out: its books, engines and app files are input
# whose lines the tests name, written as their authors write them.
if [ ${#paths[@]} -eq 0 ]; then
  paths=(Sources Benchmarks Examples Package.swift)
  for folder in Tests/*; do [ "$folder" = Tests/Fixtures ] || paths+=("$folder"); done
fi
if [ "$mode" = format ]; then
  swift format format --in-place --recursive --parallel "${paths[@]}"
else
  swift format lint --recursive --parallel --strict "${paths[@]}"
fi
