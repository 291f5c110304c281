#!/usr/bin/env bash
# The deployment of compose.yaml and deploy/ built as processes on loopback, and checked (issue H1): PostgreSQL
# (scripts/with-postgres.sh), two shop servers started as the image starts them from the files the Dockerfile
# copies into it, and Debian's nginx with deploy/nginx/shop.conf.template in front, over TLS. scripts/scale-test.ts
# then sends traffic through it and checks what several servers share: pages, bag pricing, a sign-in on one server
# used on the other, an order, a price change on both servers' shop pages within 2 s, one server killed -9.
#
#   bash scripts/scale-test.sh           # the smoke, about two minutes
#   bash scripts/scale-test.sh --full    # 60 s of mixed traffic, a server killed at 20 s, the database restarted at 40 s
#
# Installs Debian's nginx with apt when it is missing and the script runs as root. Builds the web app first when it
# is stale (into build/, as npm start does): not while another build or e2e run uses build/.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -z "${TEST_DATABASE_URL:-}" ]; then
  exec bash scripts/with-postgres.sh bash "$0" "$@"
fi

# nginx in front, and openssl for the test's certificate.
if { ! command -v nginx >/dev/null && [ ! -x /usr/sbin/nginx ]; } || ! command -v openssl >/dev/null; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "Installing Debian's nginx and openssl for the scale test…"
    apt-get update -qq
    # RUNLEVEL=1: the package's scripts leave the service stopped; the test starts its own nginx.
    RUNLEVEL=1 DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx openssl >/dev/null
  else
    echo "The scale test needs nginx and openssl: run 'sudo apt-get install -y nginx openssl'." >&2
    exit 1
  fi
fi

node scripts/build-if-stale.mjs

WORK="$(mktemp -d /tmp/shop-scale.XXXXXX)"
# Kept after a failure, for its logs; removed after a pass.
trap 'status=$?; if [ $status = 0 ]; then rm -rf "$WORK"; else echo "Logs kept in $WORK" >&2; fi' EXIT

# A certificate for localhost, trusted by the test's client only (NODE_EXTRA_CA_CERTS, curl --cacert).
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=localhost \
  -addext 'subjectAltName=DNS:localhost' \
  -keyout "$WORK/tls-key.pem" -out "$WORK/tls-cert.pem" 2>/dev/null

NODE_EXTRA_CA_CERTS="$WORK/tls-cert.pem" SCALE_TEST_DIR="$WORK" \
  node --import tsx scripts/scale-test.ts "$@"
