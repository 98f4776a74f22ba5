#!/usr/bin/env bash
# Opens the site in headless Chromium (scripts/e2e/browser-test.py): the book's
# committed Site/, and a site built from the fixture book, which has what the
# book does not have yet (a diagram player, an exercise with hints). Then
# `workbook serve` on the fixture book (scripts/e2e/serve-test.py): a page
# reloads after a save, a failing snippet's overlay appears and clears. And
# a site built from an attack book runs none of the book's script. Last,
# `workbook mcp` under a real MCP client (scripts/e2e/test-mcp.py): a
# transition's missing completeTransition found, its fix filmed clean.
#   scripts/e2e/test-site.sh [SCREENSHOT_DIR]
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cd "$ROOT"
BIN="$(swift build --show-bin-path)/workbook"
[ -x "$BIN" ] || swift build --product workbook >&2
SHOTS=${1:-}

WORK=$(mktemp -d "${TMPDIR:-/tmp}/workbook-site-test-XXXXXX")
trap 'rm -rf "$WORK"' EXIT
cp -R Tests/Fixtures/site/book "$WORK/book"
(cd "$WORK/book" && "$BIN" build --engine-sources "$ROOT/Tests/Fixtures/verify/engine" --cache-dir "$WORK/cache" >/dev/null)
# An attack book (Guides/Security.md): forged renderer markers, raw HTML,
# script links; every payload would set the title to PWNED.
cp -R Tests/Fixtures/site/hostile "$WORK/hostile"
(cd "$WORK/hostile" && "$BIN" build --engine-sources "$ROOT/Tests/Fixtures/verify/engine" --cache-dir "$WORK/cache" >/dev/null 2>&1)

status=0
echo "== Site/ (the book)"
# Search: a phrase, a misspelt one (one swap, one letter missing) and
# another form of a word.
python3 scripts/e2e/browser-test.py Site --phrase "presentation value=00-introduction.html" \
  --phrase "presentaton valeu=00-introduction.html" --phrase "sprnig plotted=03-pop-a-thumbnail-into-a-screen.html" \
  --phrase "interruptibly transitioned=12-interruptible-transitions.html" --require ledger,engine-choice,knob \
  ${SHOTS:+--screenshots "$SHOTS/book"} || status=1
echo "== the fixture book"
python3 scripts/e2e/browser-test.py "$WORK/book/Site" --phrase "quokka transitions=02-exercises.html" \
  --phrase "quokkas transitons=02-exercises.html" \
  --phrase "card slides=01-basics.html" --require player,motion,solution,exercise,filmstrip,knob \
  ${SHOTS:+--screenshots "$SHOTS/fixture"} || status=1
echo "== the attack book"
python3 scripts/e2e/browser-test.py "$WORK/hostile/Site" --hostile || status=1
echo "== workbook serve"
python3 scripts/e2e/serve-test.py "$BIN" ${SHOTS:+--screenshots "$SHOTS/serve"} || status=1
echo "== workbook mcp"
python3 scripts/e2e/test-mcp.py "$BIN" || status=1
exit $status
