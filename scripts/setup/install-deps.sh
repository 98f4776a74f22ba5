#!/usr/bin/env bash
# Installs the Debian packages the project needs, when they are missing.
# Runs apt-get as root (directly, or through sudo when available).
#   scripts/setup/install-deps.sh            # what building and verifying need
#   scripts/setup/install-deps.sh --browser  # and what the e2e tests need (CI): Chromium for the
#                                            # site's browser test, Python's mcp client for test-mcp.py
set -euo pipefail

packages=(
  libcmark-gfm-dev             # cmark-gfm: the Markdown parser `workbook` uses
  libcmark-gfm-extensions-dev  # its GitHub extensions (tables, strikethrough, …)
  tmux                         # the `workbook step` tests drive it in a terminal
)
if [ "${1:-}" = "--browser" ]; then
  packages+=(chromium)         # headless Chromium: scripts/e2e/browser-test.py
  # The MCP client scripts/e2e/test-mcp.py drives `workbook mcp` with (PyPI), pinned.
  mcp_version=2.3.0
  if ! python3 -c "import importlib.metadata as m, sys; sys.exit(m.version('mcp') != '$mcp_version')" 2>/dev/null; then
    echo "Installing: mcp $mcp_version (Python)"
    python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore "mcp==$mcp_version"
  fi
fi

missing=()
for package in "${packages[@]}"; do
  dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "Installing: ${missing[*]}"
as_root=()
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "error: need root (or sudo) to install ${missing[*]}" >&2; exit 2; }
  as_root=(sudo)
fi
"${as_root[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null
