#!/usr/bin/env bash
# Installs what Shoal needs, builds every front end and the gateway, then starts Shoal with its
# embedded pod at http://127.0.0.1:8080 (the demo accounts' passwords are printed at first start).
# Extra arguments go to the gateway, e.g. `scripts/start.sh --pod https://pod.example`.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "==> Installing front-end packages"
npm ci --no-audit --no-fund
echo "==> Building the host and the four micro-frontends"
npm run build
echo "==> Building the gateway (release)"
cargo build --release --locked -p gateway
echo "==> Starting Shoal"
exec target/release/shoal "$@"
