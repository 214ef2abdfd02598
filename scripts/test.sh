#!/usr/bin/env bash
# Installs what the tests need (Debian's Chromium when missing), builds everything, and runs every
# check: formatting and lints, Rust tests (nextest), unit tests (Vitest), the end-to-end journeys
# (Playwright in headless Chromium against the real gateway and embedded pod), then prints the
# front-end weight budget.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)
# One build from a clean tree gains nothing from incremental caches, which would write about
# 1.7 GB more to the disk.
export CARGO_INCREMENTAL="${CARGO_INCREMENTAL:-0}"
step() { echo; echo "==> $* (+$(( $(date +%s) - started ))s)"; }

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
    echo "Need root (or sudo) to run: $*" >&2; return 1; fi
}

if [ ! -x /usr/bin/chromium ]; then
  step "Installing Debian's chromium"
  as_root apt-get update -qq
  # A second attempt covers an interrupted download in the package cache.
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium ||
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium
fi
if ! cargo nextest --version >/dev/null 2>&1; then
  step "Installing cargo-nextest"
  cargo install cargo-nextest --locked
fi

step "Installing front-end packages"
npm ci --no-audit --no-fund

step "Formatting and lints"
cargo fmt --all -- --check
npx biome ci .
npm run typecheck
cargo clippy --locked --workspace --all-targets -- -D warnings

step "Rust tests (nextest)"
cargo nextest run --locked --workspace

step "Unit tests (Vitest)"
npx vitest run

step "Building the front ends and the gateway"
npm run build
cargo build --locked -p gateway --bin shoal

step "End-to-end journeys (Playwright, Debian chromium, real gateway and pod)"
(cd e2e && npx playwright test)

step "Front-end weight budget"
node scripts/budget.mjs --bin target/debug/shoal

step "All checks passed in $(( $(date +%s) - started ))s"
