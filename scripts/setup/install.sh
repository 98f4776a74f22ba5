#!/usr/bin/env bash
# Installs `workbook` with what it needs to run on a book anywhere:
#   PREFIX/bin/workbook                                  the tool
#   PREFIX/bin/*.resources                               its resources (the site's theme)
#   PREFIX/share/transition-workbook/TransitionEngine/   the engine's sources and the
#   PREFIX/share/transition-workbook/TransitionDiagrams/ diagrams harness's and the
#   PREFIX/share/transition-workbook/{CoreGraphics,QuartzCore,UIKit}/  SDK modules',
#   PREFIX/share/transition-workbook/TransitionTesting/  and TransitionTesting's
#                                                        (snippets import its recording
#                                                        API), copied from this checkout now
#   PREFIX/share/transition-workbook/Guides/             the guides (writing chapters,
#                                                        the stage, security, …)
# Everything installed is readable by every user (the tool's folders are
# made with mktemp, which would leave them to their owner alone).
# `workbook` finds the engine there (next to its own executable), builds it
# once per machine into the per-user cache, and needs no --engine-sources.
#
#   scripts/setup/install.sh [PREFIX]     # default: ~/.local; CONFIGURATION=debug for a faster build
#   BIN_DIR=.build/debug scripts/setup/install.sh PREFIX   # install a build already made (no swift build)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
PREFIX=${1:-$HOME/.local}
CONFIGURATION=${CONFIGURATION:-release}
cd "$ROOT"
if [ -n "${BIN_DIR:-}" ]; then
  [ -x "$BIN_DIR/workbook" ] || { echo "error: no workbook executable in BIN_DIR '$BIN_DIR'" >&2; exit 2; }
else
  swift build -c "$CONFIGURATION" --product workbook
  BIN_DIR=$(swift build -c "$CONFIGURATION" --show-bin-path)
fi
mkdir -p "$PREFIX/bin" "$PREFIX/share/transition-workbook"
install -m 755 "$BIN_DIR/workbook" "$PREFIX/bin/workbook.new"
mv -f "$PREFIX/bin/workbook.new" "$PREFIX/bin/workbook"
for bundle in "$BIN_DIR"/*.resources; do
  [ -d "$bundle" ] || continue
  rm -rf "$PREFIX/bin/$(basename "$bundle")"
  cp -R "$bundle" "$PREFIX/bin/"
  chmod -R u+rwX,go+rX,go-w "$PREFIX/bin/$(basename "$bundle")"
done
SHARE="$PREFIX/share/transition-workbook"
for MODULE in TransitionEngine TransitionDiagrams CoreGraphics QuartzCore UIKit TransitionTesting Guides; do
  STAGING=$(mktemp -d "$SHARE/.$MODULE-XXXXXX")
  if [ "$MODULE" = Guides ]; then cp -R Guides/. "$STAGING/"; else cp -R "Sources/$MODULE/." "$STAGING/"; fi
  chmod -R u+rwX,go+rX,go-w "$STAGING"
  rm -rf "${SHARE:?}/$MODULE"
  mv "$STAGING" "$SHARE/$MODULE"
done
echo "Installed $PREFIX/bin/workbook (engine sources in $SHARE/TransitionEngine and $SHARE/TransitionDiagrams, guides in $SHARE/Guides)"
case ":$PATH:" in *":$PREFIX/bin:"*) ;; *) echo "Add $PREFIX/bin to PATH to run 'workbook' anywhere";; esac
