#!/usr/bin/env bash
# The end-to-end tests drive Debian's Chromium (Playwright's own browser download can't run here).
set -euo pipefail
if [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then
  echo "Chromium is not installed; run: sudo apt-get install -y chromium (or set CHROMIUM_PATH)" >&2
  exit 1
fi
echo "Installing Chromium from Debian's packages…"
apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
