#!/usr/bin/env bash
# Upload speed through the gateway (issue 6's figures): a 200 MB file uploaded (v2 upload group,
# multipart, the way the upload page does it) straight to a pod, and the same upload through a
# gateway that proxies to that pod. The pod normally runs inside the gateway's process, so the
# "pod" here is a second `shoal` process with its embedded pod, and the gateway under test is
# started with `--pod URL` pointing to it. Prints both rates, their ratio (target ≥ 80 %) and the
# gateway's RSS growth during its uploads (target < 10 MB). Loopback only; figures go into the
# README.
#
#   scripts/bench-upload.sh [SIZE_MB] [RUNS]      (defaults 200 and 3)
#
# SHOAL_BENCH_PORT picks the first of two ports (default 18120, then 18121); data directories and
# the file are temporary, removed at the end. CARGO_TARGET_DIR is honoured.
set -euo pipefail
cd "$(dirname "$0")/.."
size_mb=${1:-200}
runs=${2:-3}
pod_port=${SHOAL_BENCH_PORT:-18120}
gw_port=$((pod_port + 1))
work=$(mktemp -d /tmp/shoal-bench-upload.XXXXXX)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

cargo build --release --locked -p gateway --bin shoal >/dev/null
bin=${CARGO_TARGET_DIR:-target}/release/shoal

wait_up() {
  for _ in $(seq 1 150); do curl -sf "http://127.0.0.1:$1/settings.json" >/dev/null && return 0; sleep 0.2; done
  echo "nothing answers on port $1" >&2
  return 1
}

# The pod: a shoal process with its embedded pod. The gateway: a shoal process proxying to it.
"$bin" --listen 127.0.0.1:$pod_port --data "$work/pod" --demo-password bench --rate-limit 100000000 \
  >"$work/pod.log" 2>&1 &
pids+=($!)
wait_up $pod_port
"$bin" --listen 127.0.0.1:$gw_port --data "$work/gateway" --pod "http://127.0.0.1:$pod_port" \
  --pod-timeout 300 >"$work/gateway.log" 2>&1 &
gw_pid=$!
pids+=($gw_pid)
wait_up $gw_port

# A signed-in user with write access (OAuth code flow with PKCE, as a client does), a library
# to upload to, and an upload group.
read -r token library upload_path < <(python3 - "$pod_port" <<'PY'
import sys, urllib.parse
sys.path.insert(0, "scripts")
from bench_client import Caller, bearer_token
caller = Caller(sys.argv[1])
call = caller.call
token = bearer_token(caller, "admin", "bench", "read write")
auth = {"Authorization": "Bearer " + token}
library = call("/api/v1/libraries/", {"name": "Bench", "privacy_level": "me"}, auth)
group = call("/api/v2/upload-groups", {}, auth)
path = urllib.parse.urlsplit(group["uploadUrl"]).path
print(token, library["uuid"], path)
PY
)

# No quota in the way: the instance default raised for the run (the admin has no own quota).
curl -sf -X POST -H "Authorization: Bearer $token" -H "Content-Type: application/json" \
  -d '{"users__upload_quota": 100000}' "http://127.0.0.1:$pod_port/api/v1/instance/admin/settings/bulk/" >/dev/null

file="$work/big.flac"
head -c $((size_mb * 1024 * 1024)) /dev/urandom >"$file"

calc() { awk "BEGIN { printf \"%.1f\", $1 }"; }
rss_kb() { awk '/^VmRSS/ {print $2}' "/proc/$1/status"; }

# One upload to PORT: prints "seconds bytes_per_second"; the upload is deleted afterwards so that
# quota and duplicates stay out of the figures.
upload() {
  local port=$1 out uuid
  out=$(curl -sS -o "$work/answer.json" -w '%{http_code} %{time_total} %{speed_upload}' \
    -H "Authorization: Bearer $token" -H "Expect:" \
    -F "target={\"library\": \"$library\"}" -F 'metadata={}' \
    -F "audioFile=@$file;filename=big.flac;type=audio/flac" \
    "http://127.0.0.1:$port$upload_path")
  set -- $out
  if [ "$1" != 201 ]; then
    echo "upload to port $port answered $1: $(head -c 300 "$work/answer.json")" >&2
    return 1
  fi
  uuid=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["uuid"])' "$work/answer.json")
  curl -sf -X DELETE -H "Authorization: Bearer $token" "http://127.0.0.1:$pod_port/api/v1/uploads/$uuid/" >/dev/null
  echo "$2 $3"
}

echo "uploading ${size_mb} MB, $runs runs each, alternating (pod on :$pod_port, gateway on :$gw_port)"
direct=()
through=()
rss_start=$(rss_kb $gw_pid)
rss_peak=$rss_start
for run in $(seq 1 "$runs"); do
  read -r secs rate < <(upload $pod_port)
  direct+=("$rate")
  printf '  run %d straight to the pod:  %6s MB/s (%s s)\n' "$run" "$(calc "$rate / 1048576")" "$secs"
  # Sample the gateway's resident size while it carries the upload.
  (while :; do rss_kb $gw_pid; sleep 0.05; done) >"$work/rss.txt" &
  sampler=$!
  read -r secs rate < <(upload $gw_port)
  kill $sampler 2>/dev/null || true
  wait $sampler 2>/dev/null || true
  peak=$(sort -n "$work/rss.txt" | tail -n 1)
  [ "${peak:-0}" -gt "$rss_peak" ] && rss_peak=$peak
  through+=("$rate")
  printf '  run %d through the gateway:  %6s MB/s (%s s)\n' "$run" "$(calc "$rate / 1048576")" "$secs"
done

median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
d=$(median "${direct[@]}")
t=$(median "${through[@]}")
printf 'median straight to the pod: %s MB/s\n' "$(calc "$d / 1048576")"
printf 'median through the gateway: %s MB/s\n' "$(calc "$t / 1048576")"
printf 'ratio: %s %% (target ≥ 80 %%)\n' "$(calc "$t * 100 / $d")"
printf 'gateway RSS: %s MB at start, peak %s MB during its uploads, growth %s MB (target < 10 MB)\n' \
  "$(calc "$rss_start / 1024")" "$(calc "$rss_peak / 1024")" "$(calc "($rss_peak - $rss_start) / 1024")"
