#!/usr/bin/env bash
# Makes sure npm can compile better-sqlite3 from source (python3, make, g++ and Node's headers), installing
# the tools with apt when they are missing and we can, and pointing npm at Node's local headers.
set -euo pipefail
missing=()
for tool in python3 make g++; do command -v "$tool" >/dev/null || missing+=("$tool"); done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "Installing ${missing[*]} to build better-sqlite3…" >&2
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3 make g++ >/dev/null
  else
    echo "npm install compiles better-sqlite3: install python3, make and g++ (Debian: sudo apt-get install -y python3 make g++)." >&2
    exit 1
  fi
fi
# node-gyp downloads Node's headers unless told where they are; a packaged Node keeps them under its prefix.
prefix="$(dirname "$(dirname "$(command -v node)")")"
if [ -z "${npm_config_nodedir:-}" ] && [ -f "$prefix/include/node/node.h" ]; then
  echo "export npm_config_nodedir=$prefix"
fi
