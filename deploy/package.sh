#!/usr/bin/env bash
# Builds a deployable archive: the `shoal` binary and the built front ends beside it in `web/`
# (the gateway finds `web/` next to its executable with no flag).
set -euo pipefail
cd "$(dirname "$0")/.."
npm ci --no-audit --no-fund
npm run build
cargo build --release --locked -p gateway
out=$(mktemp -d)
mkdir -p "$out/shoal"
cp target/release/shoal "$out/shoal/"
cp -r dist/web "$out/shoal/web"
cp deploy/shoal.service "$out/shoal/"
tar -C "$out" -czf shoal.tar.gz shoal
rm -rf "$out"
echo "wrote shoal.tar.gz"
