#!/usr/bin/env bash
# Coffee benchmark: `coffee serve` on loopback under a bounded load from wrk (a second process).
# GET /orders with 100 orders and POST /orders: requests/s and p99, zero errors, every
# acknowledged order stored afterwards; then kill -9 during a burst of POSTs loses no
# acknowledged order. Figures are printed beside the issue's targets.
set -euo pipefail
bin="$1"
coffee="$bin/coffee"
duration="${COFFEE_BENCH_SECONDS:-10}"
connections="${COFFEE_BENCH_CONNECTIONS:-16}"

# wrk from Debian's packages (idempotent and quiet; sudo when not root).
if ! command -v wrk >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ]; then sudo=""; else sudo="sudo"; fi
  $sudo apt-get update -qq >/dev/null 2>&1 || true
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends wrk >/dev/null 2>&1 || true
fi
command -v wrk >/dev/null 2>&1 || { echo "coffee bench: wrk is not installed and apt-get could not install it" >&2; exit 1; }

work="$(mktemp -d)"
server_pid=""
stop_server() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then kill -TERM "$server_pid"; wait "$server_pid" 2>/dev/null || true; fi
  server_pid=""
}
trap 'stop_server; rm -rf "$work"' EXIT

# Starts `coffee serve` on a free port for database $1 and sets $url.
start_server() {
  : >"$work/serve.out"
  "$coffee" serve --port 0 --db "$1" >"$work/serve.out" 2>"$work/serve.err" &
  server_pid=$!
  url=""
  for _ in $(seq 1 200); do
    url="$(sed -n 's/^listening on \(http:[^ ]*\).*/\1/p' "$work/serve.out")"
    [ -n "$url" ] && return 0
    sleep 0.05
  done
  echo "coffee bench: the server did not start" >&2; cat "$work/serve.err" >&2; exit 1
}

count_orders() { "$coffee" list --format json --db "$1" | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["orders"]))'; }

# p99 from wrk --latency output, in milliseconds.
p99_ms() {
  awk '$1 == "99%" { v = $2; unit = v; gsub(/[0-9.]/, "", unit); gsub(/[a-z]/, "", v);
        if (unit == "us") v /= 1000; else if (unit == "s") v *= 1000; printf "%.2f", v }' "$1"
}
rps() { awk '/^Requests\/sec:/ { printf "%.0f", $2 }' "$1"; }
errors() {
  awk '/Non-2xx or 3xx responses:/ { n += $NF } /Socket errors:/ { gsub(/,/, ""); n += $4 + $6 + $8 + $10 } END { print n + 0 }' "$1"
}

db="$work/coffee.sqlite"
start_server "$db"
for i in $(seq 1 100); do
  "$coffee" order --server "$url" --name "Seed $i" --coffee Latte --size medium --format json >/dev/null
done

# GET /orders: 100 orders in every response.
wrk -t2 -c"$connections" -d"${duration}s" --latency "$url/orders" >"$work/get.txt"

# POST /orders: wrk counts 201s (acknowledged, i.e. committed) and everything else per thread.
cat >"$work/post.lua" <<'LUA'
wrk.method = "POST"
wrk.body = '{"customer":"Bench","coffee":"Mocha","size":"large"}'
wrk.headers["Content-Type"] = "application/json"
local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args) acked = 0; rejected = 0 end
function response(status, headers, body)
  if status == 201 then acked = acked + 1 else rejected = rejected + 1 end
end
function done(summary, latency, requests)
  local a, r = 0, 0
  for _, t in ipairs(threads) do a = a + t:get("acked"); r = r + t:get("rejected") end
  io.write(string.format("acknowledged %d\nrejected %d\n", a, r))
end
LUA
wrk -t2 -c"$connections" -d"${duration}s" --latency -s "$work/post.lua" "$url/orders" >"$work/post.txt"
stop_server
acked="$(awk '/^acknowledged/ { print $2 }' "$work/post.txt")"
rejected="$(awk '/^rejected/ { print $2 }' "$work/post.txt")"
stored=$(( $(count_orders "$db") - 100 ))

# kill -9 in the middle of a burst: every order acknowledged with 201 must be in the file.
killdb="$work/kill.sqlite"
start_server "$killdb"
python3 - "$url" "$server_pid" >"$work/acked-ids.txt" <<'PY'
import json, os, signal, sys, threading, time, urllib.request
url, pid = sys.argv[1] + "/orders", int(sys.argv[2])
ids, lock, stop = [], threading.Lock(), threading.Event()
def post(n):
    body = json.dumps({"customer": f"Burst {n}", "coffee": "Latte", "size": "small"}).encode()
    while not stop.is_set():
        try:
            request = urllib.request.Request(url, data=body, headers={"Content-Type": "application/json"})
            with urllib.request.urlopen(request, timeout=5) as response:
                if response.status == 201:
                    with lock: ids.append(json.load(response)["id"])
        except Exception:
            if stop.is_set(): return
            time.sleep(0.01)
threads = [threading.Thread(target=post, args=(n,)) for n in range(8)]
for t in threads: t.start()
time.sleep(1.5)
os.kill(pid, signal.SIGKILL)
stop.set()
for t in threads: t.join()
print("\n".join(ids))
PY
wait "$server_pid" 2>/dev/null || true
server_pid=""
kill_acked=$(grep -c . "$work/acked-ids.txt" || true)
missing=$("$coffee" list --format json --db "$killdb" | python3 -c '
import json, sys
stored = {o["id"] for o in json.load(sys.stdin)["orders"]}
acked = [line.strip() for line in open(sys.argv[1]) if line.strip()]
print(sum(1 for i in acked if i not in stored))' "$work/acked-ids.txt")

get_rps=$(rps "$work/get.txt"); get_p99=$(p99_ms "$work/get.txt"); get_err=$(errors "$work/get.txt")
post_rps=$(rps "$work/post.txt"); post_p99=$(p99_ms "$work/post.txt"); post_err=$(( $(errors "$work/post.txt") + ${rejected:-0} ))

verdict() { if [ "$1" = 1 ]; then echo "ok"; else echo "BELOW TARGET"; fi; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2fx", a / b }'; }
echo "coffee serve on loopback; wrk -t2 -c$connections -d${duration}s from a second process; $(nproc) cores, load average $(cut -d" " -f1-3 /proc/loadavg) at the end"
printf '%-34s %12s %14s %10s  %s\n' "measure" "figure" "target" "ratio" "verdict"
printf '%-34s %12s %14s %10s  %s\n' "GET /orders (100 orders) req/s" "$get_rps" ">= 10000" "$(ratio "$get_rps" 10000)" "$(verdict $(( get_rps >= 10000 )))"
printf '%-34s %12s %14s %10s  %s\n' "GET /orders p99 (ms)" "$get_p99" "< 20" "$(ratio 20 "$get_p99")" "$(verdict "$(awk -v p="$get_p99" 'BEGIN { print (p < 20) }')")"
printf '%-34s %12s %14s %10s  %s\n' "GET errors" "$get_err" "0" "-" "$(verdict $(( get_err == 0 )))"
printf '%-34s %12s %14s %10s  %s\n' "POST /orders committed req/s" "$post_rps" ">= 1000" "$(ratio "$post_rps" 1000)" "$(verdict $(( post_rps >= 1000 )))"
printf '%-34s %12s %14s %10s  %s\n' "POST /orders p99 (ms)" "$post_p99" "-" "-" "-"
printf '%-34s %12s %14s %10s  %s\n' "POST errors" "$post_err" "0" "-" "$(verdict $(( post_err == 0 )))"
printf '%-34s %12s %14s %10s  %s\n' "POST acknowledged / stored" "$acked/$stored" "stored >= acked" "-" "$(verdict $(( stored >= acked )))"
printf '%-34s %12s %14s %10s  %s\n' "kill -9 burst: acked / missing" "$kill_acked/$missing" "0 missing" "-" "$(verdict $(( missing == 0 )))"
