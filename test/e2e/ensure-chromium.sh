#!/usr/bin/env bash
# Browser tests drive Debian's Chromium through playwright-core. Install it when missing and we can (root).
set -euo pipefail
CHROMIUM=${CHROMIUM_PATH:-/usr/bin/chromium}
if [ -x "$CHROMIUM" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing Debian's chromium for the browser tests..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq chromium >/dev/null
  [ -x "$CHROMIUM" ] && exit 0
fi
echo "Browser tests need Chromium at $CHROMIUM. Install Debian's package as root: apt-get install -y chromium" >&2
echo "(or set CHROMIUM_PATH to an installed Chromium)." >&2
exit 1
