#!/bin/sh
# Installs the Debian packages the tests run: `chromium` (the browser tests, test/browser/) and `vim`
# (the Vim syntax file's test, test/editors/vim.test.ts), each unless it is already there.
# Non-interactive; run as root (CI) or with sudo available.
set -eu

PACKAGES=""
[ -x /usr/bin/chromium ] || PACKAGES="chromium fonts-dejavu-core"
[ -x /usr/bin/vim ] || PACKAGES="$PACKAGES vim"
if [ -z "$PACKAGES" ]; then
  echo "install-chromium: /usr/bin/chromium and /usr/bin/vim are already installed ($(/usr/bin/chromium --version 2>/dev/null || echo 'version unknown'))"
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
  SUDO=""
elif command -v sudo >/dev/null 2>&1; then
  SUDO="sudo"
else
  echo "install-chromium: must run as root (or with sudo) to install the chromium package" >&2
  exit 1
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "install-chromium: apt-get not found; install Chromium so that /usr/bin/chromium exists" >&2
  exit 1
fi

export DEBIAN_FRONTEND=noninteractive
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get update -q
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $PACKAGES

for b in chromium vim; do
  if [ ! -x /usr/bin/$b ]; then
    echo "install-chromium: the $b package installed, but /usr/bin/$b is missing" >&2
    exit 1
  fi
done
echo "install-chromium: installed $(/usr/bin/chromium --version 2>/dev/null || echo chromium)"
