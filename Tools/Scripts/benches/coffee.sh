#!/usr/bin/env bash
# Coffee benchmark: `coffee serve` on loopback under a bounded load from wrk (a second process),
# in one run on three stores: SQLite (one server, the embedded default), PostgreSQL with one
# server and PostgreSQL with two servers on one database (each wrk sends half the connections
# to each). GET /orders with 100 orders and POST /orders: requests/s and p99, errors, every
# acknowledged order stored; then kill -9 of one server during a burst of POSTs: acknowledged
# vs stored, missing and duplicates. Figures are printed beside the issues' targets.
set -euo pipefail
bin="$1"
coffee="$bin/coffee"
here="$(cd "$(dirname "$0")/.." && pwd)"
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
cluster="$(mktemp -u /tmp/strata-pg-bench.XXXXXX)"
pids=()
urls=()
stop_servers() {
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true; done
  pids=()
  urls=()
}
trap 'stop_servers; bash "$here/pg-cluster.sh" stop "$cluster" 2>/dev/null || true; rm -rf "$work"' EXIT

# A durable cluster (fsync on, as a production server runs): a 201 means the commit is on disk.
postgres="$(bash "$here/pg-cluster.sh" start "$cluster" --durable --watch $$)"
pg_port="${postgres##*:}"; pg_port="${pg_port%%/*}"
new_pg_database() { bash "$here/pg-cluster.sh" createdb "$cluster" "$1"; }

# Starts `coffee serve` on a free port with storage options "$@" and adds its URL to urls.
start_server() {
  local out="$work/serve-${#pids[@]}.out"
  "$coffee" serve --port 0 "$@" >"$out" 2>"$work/serve.err" &
  pids+=($!)
  for _ in $(seq 1 200); do
    url="$(sed -n 's/^listening on \(http:[^ ]*\).*/\1/p' "$out")"
    [ -n "$url" ] && { urls+=("$url"); return 0; }
    sleep 0.05
  done
  echo "coffee bench: the server did not start" >&2; cat "$work/serve.err" >&2; exit 1
}

count_orders() { "$coffee" list --format json "$@" | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["orders"]))'; }

# p99 from wrk --latency output, in milliseconds.
p99_ms() {
  awk '$1 == "99%" { v = $2; unit = v; gsub(/[0-9.]/, "", unit); gsub(/[a-z]/, "", v);
        if (unit == "us") v /= 1000; else if (unit == "s") v *= 1000; printf "%.2f", v }' "$1"
}
rps() { awk '/^Requests\/sec:/ { printf "%.0f", $2 }' "$1"; }
errors() {
  awk '/Non-2xx or 3xx responses:/ { n += $NF } /Socket errors:/ { gsub(/,/, ""); n += $4 + $6 + $8 + $10 } END { print n + 0 }' "$1"
}
acked() { awk '/^acknowledged/ { n += $2 } END { print n + 0 }' "$@"; }
rejected() { awk '/^rejected/ { n += $2 } END { print n + 0 }' "$@"; }

# wrk counts 201s (acknowledged, i.e. committed) and everything else, per thread.
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

# POST /orders with a new Idempotency-Key on every request (a random UUID v4 made in Lua).
cat >"$work/post-key.lua" <<'LUA'
local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args)
  acked = 0; rejected = 0
  math.randomseed(os.time() + tonumber(tostring({}):sub(8), 16) % 100000)
end
local function uuid()
  return (string.gsub("xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx", "[xy]", function(c)
    local v = (c == "x") and math.random(0, 15) or math.random(8, 11)
    return string.format("%x", v)
  end))
end
function request()
  return wrk.format("POST", nil, { ["Content-Type"] = "application/json", ["Idempotency-Key"] = uuid() },
    '{"customer":"Keyed","coffee":"Mocha","size":"large"}')
end
function response(status, headers, body)
  if status == 201 then acked = acked + 1 else rejected = rejected + 1 end
end
function done(summary, latency, requests)
  local a, r = 0, 0
  for _, t in ipairs(threads) do a = a + t:get("acked"); r = r + t:get("rejected") end
  io.write(string.format("acknowledged %d\nrejected %d\n", a, r))
end
LUA

# A replay storm: the same 100 keys (same body) over and over; every answer must be 201 and 100 orders stored.
cat >"$work/storm.lua" <<'LUA'
local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args) acked = 0; rejected = 0; n = 0; prefix = os.getenv("COFFEE_STORM") or "storm" end
function request()
  n = n + 1
  return wrk.format("POST", nil, { ["Content-Type"] = "application/json",
    ["Idempotency-Key"] = string.format("%s-%03d", prefix, n % 100) }, '{"customer":"Storm","coffee":"Latte","size":"small"}')
end
function response(status, headers, body)
  if status == 201 then acked = acked + 1 else rejected = rejected + 1 end
end
function done(summary, latency, requests)
  local a, r = 0, 0
  for _, t in ipairs(threads) do a = a + t:get("acked"); r = r + t:get("rejected") end
  io.write(string.format("acknowledged %d\nrejected %d\n", a, r))
end
LUA

# Runs wrk against every server at once, the connections split evenly; $1 names the output files.
load() {
  local name=$1; shift
  local share=$(( connections / ${#urls[@]} )) i=0 wrk_pids=()
  for url in "${urls[@]}"; do
    wrk -t$(( 2 / ${#urls[@]} > 0 ? 2 / ${#urls[@]} : 1 )) -c"$share" -d"${duration}s" --latency "$@" "$url/orders" >"$work/$name-$i.txt" &
    wrk_pids+=($!)
    i=$(( i + 1 ))
  done
  wait "${wrk_pids[@]}"
}
sum_rps() { local n=0; for f in "$work/$1"-*.txt; do n=$(( n + $(rps "$f") )); done; echo "$n"; }
max_p99() { for f in "$work/$1"-*.txt; do p99_ms "$f"; echo; done | sort -g | tail -n 1; }
sum_errors() { local n=0; for f in "$work/$1"-*.txt; do n=$(( n + $(errors "$f") )); done; echo "$n"; }

# kill -9 of the first server after 1.5 s of POSTs through every server: prints acked, missing, duplicates.
kill_burst() {
  local storage=("$@")
  python3 - "${pids[0]}" "${urls[@]}" >"$work/acked.txt" <<'PY'
import itertools, json, os, signal, sys, threading, time, urllib.request
pid, urls = int(sys.argv[1]), [u + "/orders" for u in sys.argv[2:]]
acked, lock, stop, names = [], threading.Lock(), threading.Event(), itertools.count()
def post(worker):
    for attempt in itertools.count():
        if stop.is_set(): return
        # A new name for every attempt: a request is never sent twice, so a name stored twice is a duplicate.
        name = f"Burst {next(names)}"
        body = json.dumps({"customer": name, "coffee": "Latte", "size": "small"}).encode()
        try:
            request = urllib.request.Request(urls[(worker + attempt) % len(urls)], data=body)
            with urllib.request.urlopen(request, timeout=5) as response:
                if response.status == 201:
                    with lock: acked.append((name, json.load(response)["id"]))
        except Exception:
            time.sleep(0.01)
threads = [threading.Thread(target=post, args=(n,)) for n in range(8)]
for t in threads: t.start()
time.sleep(1.5)
os.kill(pid, signal.SIGKILL)
time.sleep(0.5 if len(urls) > 1 else 0)
stop.set()
for t in threads: t.join()
print("\n".join(f"{name}\t{id}" for name, id in acked))
PY
  wait "${pids[0]}" 2>/dev/null || true
  pids=("${pids[@]:1}")
  "$coffee" list --format json "${storage[@]}" | python3 -c '
import json, sys
orders = json.load(sys.stdin)["orders"]
stored = {o["id"] for o in orders}
names = [o["customer"] for o in orders if o["customer"].startswith("Burst ")]
acked = [line.split("\t") for line in open(sys.argv[1]) if line.strip()]
missing = sum(1 for _, i in acked if i not in stored)
print(len(acked), missing, len(names) - len(set(names)))' "$work/acked.txt"
}

# One configuration: servers on storage "$@" (count $2), seeded, loaded, then the kill burst.
results=()
measure() {
  local label=$1 count=$2; shift 2
  # A staff token for GET /orders (issue 14: listing every order needs one), made in the store.
  local token; token=$("$coffee" token create --name "bench-$RANDOM$RANDOM" --format plain "$@")
  for _ in $(seq 1 "$count"); do start_server "$@"; done
  for i in $(seq 1 100); do
    "$coffee" order --server "${urls[0]}" --name "Seed $i" --coffee Latte --size medium --format json >/dev/null
  done
  load get -H "Authorization: Bearer $token"
  load post -s "$work/post.lua"
  load postkey -s "$work/post-key.lua"
  COFFEE_STORM="storm-$RANDOM" load storm -s "$work/storm.lua"
  local acked_count rejected_count stored key_acked key_rejected storm_rejected storm_stored keyed_stored
  acked_count=$(acked "$work"/post-*.txt); rejected_count=$(rejected "$work"/post-*.txt)
  key_acked=$(acked "$work"/postkey-*.txt); key_rejected=$(rejected "$work"/postkey-*.txt)
  storm_rejected=$(rejected "$work"/storm-*.txt)
  stop_servers
  stored=$(( $(count_orders --customer Bench "$@") ))
  keyed_stored=$(( $(count_orders --customer Keyed "$@") ))
  storm_stored=$(( $(count_orders --customer Storm "$@") ))
  results+=("$label|$(sum_rps get)|$(max_p99 get)|$(sum_errors get)|$(sum_rps post)|$(max_p99 post)|$(( $(sum_errors post) + rejected_count ))|$acked_count/$stored")
  keyed+=("$label|$(sum_rps post)|$(sum_rps postkey)|$(max_p99 postkey)|$(( $(sum_errors postkey) + key_rejected ))|$key_acked/$keyed_stored|$(sum_rps storm)|$(( $(sum_errors storm) + storm_rejected ))|$storm_stored")
  rm -f "$work"/get-*.txt "$work"/post-*.txt "$work"/postkey-*.txt "$work"/storm-*.txt
}
keyed=()
burst() {
  local label=$1 count=$2; shift 2
  for _ in $(seq 1 "$count"); do start_server "$@"; done
  local figures; figures=$(kill_burst "$@")
  stop_servers
  bursts+=("$label|$figures")
}

measure "SQLite, 1 server" 1 --db "$work/coffee.sqlite"
measure "PostgreSQL, 1 server" 1 --database "$(new_pg_database one)"
measure "PostgreSQL, 2 servers" 2 --database "$(new_pg_database two)"
bursts=()
burst "SQLite, 1 server" 1 --db "$work/kill.sqlite"
burst "PostgreSQL, 2 servers" 2 --database "$(new_pg_database kill)"

echo "coffee serve on loopback; wrk -c$connections -d${duration}s from a second process (two servers: -c$(( connections / 2 )) on each);"
echo "PostgreSQL $(bash -c "$(dirname "$(readlink -f "$(command -v initdb 2>/dev/null || ls /usr/lib/postgresql/*/bin/initdb | tail -n 1)")")/postgres --version" | awk '{ print $3 }'), fsync on; $(nproc) cores, load average $(cut -d" " -f1-3 /proc/loadavg) at the end"
printf '%-24s %9s %9s %6s %10s %10s %6s %16s\n' "store" "GET/s" "GET p99" "errors" "POST/s" "POST p99" "errors" "acked/stored"
for row in "${results[@]}"; do
  IFS='|' read -r label get_rps get_p99 get_err post_rps post_p99 post_err stored <<<"$row"
  printf '%-24s %9s %8sms %6s %10s %8sms %6s %16s\n' "$label" "$get_rps" "$get_p99" "$get_err" "$post_rps" "$post_p99" "$post_err" "$stored"
done
echo
echo "issue 14: a staff token on GET (above); POST with a new Idempotency-Key per request; a replay storm of 100 keys"
printf '%-24s %10s %10s %8s %9s %6s %14s %9s %6s %13s\n' "store" "POST/s" "keyed/s" "ratio" "keyed p99" "errors" "acked/stored" "storm/s" "errors" "storm stored"
for row in "${keyed[@]}"; do
  IFS='|' read -r label plain_rps key_rps key_p99 key_err key_stored storm_rps storm_err storm_stored <<<"$row"
  printf '%-24s %10s %10s %8s %7sms %6s %14s %9s %6s %13s\n' "$label" "$plain_rps" "$key_rps" \
    "$(awk -v a="$key_rps" -v b="$plain_rps" 'BEGIN { printf "%.2fx", a / b }')" "$key_p99" "$key_err" "$key_stored" \
    "$storm_rps" "$storm_err" "$storm_stored/100"
done
printf '\n%-24s %8s %8s %11s\n' "kill -9 of one server" "acked" "missing" "duplicates"
for row in "${bursts[@]}"; do
  IFS='|' read -r label figures <<<"$row"
  read -r burst_acked burst_missing burst_dups <<<"$figures"
  printf '%-24s %8s %8s %11s\n' "$label" "$burst_acked" "$burst_missing" "$burst_dups"
done

# The targets: SQLite's from the first coffee issue; PostgreSQL with two servers from issue 13.
IFS='|' read -r _ sq_get _ _ sq_post _ _ _ <<<"${results[0]}"
IFS='|' read -r _ pg2_get pg2_get_p99 _ pg2_post pg2_post_p99 _ pg2_stored <<<"${results[2]}"
read -r _ pg_missing pg_dups <<<"${bursts[1]#*|}"
verdict() { if [ "$1" = 1 ]; then echo "ok"; else echo "BELOW TARGET"; fi; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2fx", a / b }'; }
echo
printf '%-44s %10s %10s %8s  %s\n' "PostgreSQL, 2 servers" "figure" "target" "ratio" "verdict"
printf '%-44s %10s %10s %8s  %s\n' "committed POST/s" "$pg2_post" ">= 2000" "$(ratio "$pg2_post" 2000)" "$(verdict $(( pg2_post >= 2000 )))"
printf '%-44s %10s %10s %8s  %s\n' "POST p99 (ms)" "$pg2_post_p99" "< 25" "$(ratio 25 "$pg2_post_p99")" "$(verdict "$(awk -v p="$pg2_post_p99" 'BEGIN { print (p < 25) }')")"
printf '%-44s %10s %10s %8s  %s\n' "GET /orders req/s" "$pg2_get" ">= 10000" "$(ratio "$pg2_get" 10000)" "$(verdict $(( pg2_get >= 10000 )))"
printf '%-44s %10s %10s %8s  %s\n' "kill -9 burst: acknowledged orders missing" "$pg_missing" "0" "-" "$(verdict $(( pg_missing == 0 )))"
printf '%-44s %10s %10s %8s  %s\n' "kill -9 burst: duplicates" "$pg_dups" "0" "-" "$(verdict $(( pg_dups == 0 )))"
printf '%-44s %10s %10s %8s  %s\n' "vs SQLite, 1 server: GET / POST" "-" "-" "$(ratio "$pg2_get" "$sq_get") / $(ratio "$pg2_post" "$sq_post")" "-"
