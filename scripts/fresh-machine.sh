#!/usr/bin/env bash
# Follows the README on a bare Debian root, as a newcomer would: builds one with debootstrap, copies this
# machine's Node in, runs the README's prerequisite line and its two commands verbatim, and prints the time from
# `npm install && npm start` to the first page. Run as root on Debian; it needs only Debian's mirror and the npm
# registry. FRESH_ROOT names the root's folder; FRESH_TESTS=0 skips `npm test` (some 20 minutes).
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
root="${FRESH_ROOT:-/var/tmp/storefront-fresh-root}"
port="${FRESH_PORT:-3490}"
suite="${FRESH_SUITE:-bookworm}"

if [ "$(id -u)" != 0 ]; then
  echo "fresh-machine.sh builds a Debian root with debootstrap and chroot: run it as root." >&2
  exit 1
fi
command -v debootstrap >/dev/null || { apt-get update -qq && apt-get install -y -qq debootstrap >/dev/null; }

# The README's lines, read from the README itself so this checks what a newcomer is told.
readme_block() {
  # The first ```sh block after the heading $1, its indentation (a block inside a list item) removed.
  awk -v heading="$1" '
    $0 == heading { in_section = 1; next }
    in_section && /^[[:space:]]*```sh/ { in_block = 1; match($0, /^[[:space:]]*/); indent = RLENGTH; next }
    in_block && /^[[:space:]]*```/ { exit }
    in_block { print substr($0, indent + 1) }
  ' "$repo/README.md" | sed 's/[[:space:]]*#.*$//'
}
prerequisites="$(readme_block '## Prerequisites')"
commands="$(readme_block '## The two commands')"
start_line="$(printf '%s\n' "$commands" | sed -n 1p)"
test_line="$(printf '%s\n' "$commands" | sed -n 2p)"
if [ -z "$prerequisites" ] || [ -z "$start_line" ] || [ -z "$test_line" ]; then
  echo "Could not read the prerequisite line and the two commands from README.md." >&2
  exit 1
fi

# Every process whose root is the new root: the shop and whatever it started.
stop_processes() {
  for proc in /proc/[0-9]*; do
    [ "$(readlink "$proc/root" 2>/dev/null)" = "$root" ] && kill "${proc#/proc/}" 2>/dev/null
  done
  return 0
}
cleanup() {
  stop_processes
  for mount in dev/pts dev proc sys; do umount -l "$root/$mount" 2>/dev/null || true; done
}
trap cleanup EXIT

rm -rf "$root"
echo "== debootstrap $suite into $root"
debootstrap --variant=minbase "$suite" "$root" http://deb.debian.org/debian >/dev/null

echo "== copying Node $(node --version) and npm in"
prefix="$(dirname "$(dirname "$(command -v node)")")"
install -D "$prefix/bin/node" "$root/usr/bin/node"
mkdir -p "$root/usr/lib/node_modules" "$root/usr/include"
cp -a "$prefix/lib/node_modules/npm" "$root/usr/lib/node_modules/"
cp -a "$prefix/include/node" "$root/usr/include/"
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/bin/npm"
ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/bin/npx"
cp /etc/resolv.conf "$root/etc/resolv.conf"
# This machine's trusted certificates, for a network that reaches the registry through an inspecting proxy.
extra_ca=""
if [ -n "${NODE_EXTRA_CA_CERTS:-}" ] && [ -f "$NODE_EXTRA_CA_CERTS" ]; then
  install -D "$NODE_EXTRA_CA_CERTS" "$root/etc/fresh-machine/extra-ca.crt"
  extra_ca="NODE_EXTRA_CA_CERTS=/etc/fresh-machine/extra-ca.crt"
fi

echo "== the project, as a clean checkout of HEAD"
mkdir -p "$root/root/shop"
git -C "$repo" archive HEAD | tar -x -C "$root/root/shop"

mount -t proc proc "$root/proc"
mount --rbind /sys "$root/sys"
mount --rbind /dev "$root/dev"

in_root() { chroot "$root" /usr/bin/env -i HOME=/root PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
  LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive PORT="$port" CI="${CI:-}" $extra_ca bash -euo pipefail -c "cd /root/shop && $1"; }

echo "== README prerequisites: $prerequisites"
in_root "$prerequisites"

echo "== README: $start_line (PORT=$port)"
started=$(date +%s.%N)
in_root "($start_line) > /tmp/shop.log 2>&1 & echo \$! > /tmp/shop.pid"
until chroot "$root" /usr/bin/node -e "
  fetch('http://127.0.0.1:$port/').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1));" 2>/dev/null; do
  if ! kill -0 "$(cat "$root/tmp/shop.pid")" 2>/dev/null; then
    echo "npm install && npm start stopped before the first page; its output:" >&2
    tail -n 40 "$root/tmp/shop.log" >&2
    exit 1
  fi
  sleep 2
done
echo "first page after $(awk "BEGIN { printf \"%.0f\", $(date +%s.%N) - $started }") s (npm install, build, demo store, first render)"
stop_processes
sleep 2

if [ "${FRESH_TESTS:-1}" != 0 ]; then
  echo "== README: $test_line"
  in_root "$test_line"
fi
echo "== the README's lines worked on a bare Debian root"
