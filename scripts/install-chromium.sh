#!/bin/sh
# Installs Debian's `chromium` package for the browser test (test/browser/diff.test.ts), unless
# /usr/bin/chromium is already there. Non-interactive; run as root (CI) or with sudo available.
set -eu

if [ -x /usr/bin/chromium ]; then
  echo "install-chromium: /usr/bin/chromium is already installed ($(/usr/bin/chromium --version 2>/dev/null || echo 'version unknown'))"
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
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends chromium fonts-dejavu-core

if [ ! -x /usr/bin/chromium ]; then
  echo "install-chromium: the chromium package installed, but /usr/bin/chromium is missing" >&2
  exit 1
fi
echo "install-chromium: installed $(/usr/bin/chromium --version 2>/dev/null || echo chromium)"
