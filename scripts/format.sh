#!/usr/bin/env bash
# swift-format with the repository's .swift-format (the style the code is
# written in: 2-space indents, 130 columns). Lints by default; --fix
# rewrites the files in place.
#   scripts/format.sh            # lint Sources, Tests, Benchmarks, Examples and Package.swift
#   scripts/format.sh --fix      # format them
#   scripts/format.sh [--fix] PATH…   # only these files or folders
# Exit status 1 when lint finds something.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=lint
if [ "${1:-}" = "--fix" ]; then mode=format; shift; fi
paths=("$@")
[ ${#paths[@]} -gt 0 ] || paths=(Sources Tests Benchmarks Examples Package.swift)
if [ "$mode" = format ]; then
  swift format format --in-place --recursive --parallel "${paths[@]}"
else
  swift format lint --recursive --parallel --strict "${paths[@]}"
fi
