#!/usr/bin/env bash
# Measures the embedded pod through the gateway with a large catalogue (issue 3's speed figures):
# p95 latency of three catalogue calls under 16 concurrent clients (wrk), and the gateway's idle
# RSS. Loopback only; bounded in time. Figures go into the README.
#
#   scripts/bench-pod.sh [TRACKS]      (default 100000)
#
# SHOAL_BENCH_PORT picks the port (default 18400); the seeded data directory is a temporary
# folder outside the repository, removed at the end. CARGO_TARGET_DIR is honoured; SHOAL_BIN
# uses a given binary instead of building one.
set -euo pipefail
cd "$(dirname "$0")/.."
tracks=${1:-100000}
port=${SHOAL_BENCH_PORT:-18400}
data=$(mktemp -d /tmp/shoal-bench.XXXXXX)
trap 'kill "$pid" 2>/dev/null || true; rm -rf "$data"' EXIT

if ! command -v wrk >/dev/null; then
  if [ "$(id -u)" -eq 0 ]; then apt-get install -y -qq wrk >/dev/null; else sudo apt-get install -y -qq wrk >/dev/null; fi
fi
# SHOAL_BIN points at an already built release binary (skips the build).
if [ -n "${SHOAL_BIN:-}" ]; then
  bin=$SHOAL_BIN
else
  cargo build --release --locked -p gateway --bin shoal >/dev/null
  bin=${CARGO_TARGET_DIR:-target}/release/shoal
fi

echo "seeding $tracks tracks…"
"$bin" seed --tracks "$tracks" --data "$data" --demo-password bench
# The rate limiter is raised out of the way: the figures are about the pod, not about 429s.
"$bin" --listen 127.0.0.1:$port --data "$data" --demo-password bench --rate-limit 100000000 >/dev/null 2>&1 &
pid=$!
for _ in $(seq 1 100); do curl -sf "http://127.0.0.1:$port/settings.json" >/dev/null && break; sleep 0.2; done

rss() { awk '/VmRSS/ {printf "%.1f MB", $2/1024}' "/proc/$pid/status"; }
cpu_ticks() { awk '{print $14 + $15}' "/proc/$pid/stat"; }
sleep 2
echo "gateway idle RSS after start: $(rss)"

cat > "$data/p95.lua" <<'LUA'
done = function(summary, latency, requests)
  io.write(string.format("  requests %d, p50 %.2f ms, p95 %.2f ms, p99 %.2f ms, errors %d\n",
    summary.requests, latency:percentile(50) / 1000, latency:percentile(95) / 1000,
    latency:percentile(99) / 1000, summary.errors.status + summary.errors.connect + summary.errors.timeout))
end
LUA
# The calls need a signed-in user (a real pod refuses anonymous catalogue reads): an OAuth
# bearer token, obtained the way a client does (app, consent, code + PKCE "plain" is not
# accepted, so S256 with a fixed verifier).
token=$(python3 scripts/bench_client.py "$port" listener read)
# A term's first search computes its matches, which the pod's search cache then serves until the
# catalogue changes: that first call is timed alone, before the load below repeats it.
cold=$(curl -s -o /dev/null -w '%{time_total}' -H "Authorization: Bearer $token" "http://127.0.0.1:$port/api/v1/tracks/?q=velvet")
echo "first GET /api/v1/tracks/?q=velvet, nothing cached: $(awk -v s="$cold" 'BEGIN {printf "%.1f ms", s * 1000}')"
for path in "api/v1/tracks/?page_size=50" "api/v1/tracks/?q=tide" "api/v1/tracks/?q=velvet" "api/v1/albums/?ordering=-creation_date"; do
  # The machine is shared: the load average says how much else ran during the measure.
  echo "GET /$path (16 clients, 10 s; load average $(cut -d' ' -f1-3 /proc/loadavg))"
  before=$(cpu_ticks)
  line=$(wrk -t2 -c16 -d10s -H "Authorization: Bearer $token" -s "$data/p95.lua" "http://127.0.0.1:$port/$path" | tail -n 1)
  echo "$line"
  # The gateway's own CPU time per request (user + system): unlike latency, it hardly depends
  # on what else runs on the machine.
  awk -v a="$before" -v b="$(cpu_ticks)" -v hz="$(getconf CLK_TCK)" -v line="$line" 'BEGIN {
    split(line, f, /[ ,]+/); n = f[3]; if (n > 0) printf "  gateway CPU %.2f ms per request\n", (b - a) * 1000 / hz / n }'
done
sleep 3
echo "gateway idle RSS after the load: $(rss)"
