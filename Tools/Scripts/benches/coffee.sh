#!/usr/bin/env bash
# Coffee benchmark: `coffee serve` on loopback under a bounded load from wrk (a second process),
# in one run on three stores: SQLite (one server, the embedded default), PostgreSQL with one
# server and PostgreSQL with two servers on one database (each wrk sends half the connections
# to each). GET /orders with 100 orders and POST /orders: requests/s and p99, errors, every
# acknowledged order stored; then kill -9 of one server during a burst of POSTs: acknowledged
# vs stored, missing and duplicates. The token and key rows: POST with a new Idempotency-Key per request
# and a replay storm of 100 keys on every store; then "before and after": the coffee binary as it
# was before issue 14 ($COFFEE_BENCH_BASELINE, built once by Tools/Scripts/baseline.sh) and today's,
# alternating, the same requests to both (a token on GET, a new key on every POST: the old binary
# ignores the headers). Figures are printed beside the issues' targets.
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
  "${serve_bin:-$coffee}" serve --port 0 "$@" >"$out" 2>"$work/serve.err" &
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
socket_errors() { awk '/Socket errors:/ { gsub(/,/, ""); n += $4 + $6 + $8 + $10 } END { print n + 0 }' "$1"; }
acked() { awk '/^acknowledged/ { n += $2 } END { print n + 0 }' "$@"; }
rejected() { awk '/^rejected/ { n += $2 } END { print n + 0 }' "$@"; }

# What every POST script shares: wrk counts 201s (acknowledged, i.e. committed), 409s where the
# script allows them (conflicts_ok) and everything else, per thread, and prints the sums.
cat >"$work/count.lua" <<'LUA'
local threads = {}
function setup(thread) table.insert(threads, thread) end
function count_init() acked = 0; rejected = 0; inflight = 0 end
function response(status, headers, body)
  if status == 201 then acked = acked + 1
  elseif status == 409 and conflicts_ok then inflight = inflight + 1
  else rejected = rejected + 1 end
end
function done(summary, latency, requests)
  local a, r, f = 0, 0, 0
  for _, t in ipairs(threads) do a = a + t:get("acked"); r = r + t:get("rejected"); f = f + t:get("inflight") end
  io.write(string.format("acknowledged %d\nrejected %d\ninflight %d\n", a, r, f))
end
LUA

# POST /orders. The request is built per call, as the keyed script's must be, so the two differ only in the key.
cat - "$work/count.lua" >"$work/post.lua" <<'LUA'
function init(args) count_init() end
function request()
  return wrk.format("POST", nil, { ["Content-Type"] = "application/json" },
    '{"customer":"Bench","coffee":"Mocha","size":"large"}')
end
LUA

# POST /orders with a new Idempotency-Key on every request (a random UUID v4 made in Lua).
cat - "$work/count.lua" >"$work/post-key.lua" <<'LUA'
function init(args)
  count_init()
  math.randomseed(os.time() + tonumber(tostring({}):sub(8), 16) % 100000)
end
local function uuid()
  return (string.gsub("xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx", "[xy]", function(c)
    local v = (c == "x") and math.random(0, 15) or math.random(8, 11)
    return string.format("%x", v)
  end))
end
function request()
  return wrk.format("POST", nil, { ["Content-Type"] = "application/json", ["Idempotency-Key"] = '"' .. uuid() .. '"' },
    '{"customer":"Keyed","coffee":"Mocha","size":"large"}')
end
LUA

# A replay storm: the same 100 keys (same body) over and over; every answer must be 201 (or 409
# while a key's first request is still being placed: the right answer, not an error), and 100 orders stored.
cat - "$work/count.lua" >"$work/storm.lua" <<'LUA'
conflicts_ok = true
function init(args) count_init(); n = 0; prefix = os.getenv("COFFEE_STORM") or "storm" end
function request()
  n = n + 1
  return wrk.format("POST", nil, { ["Content-Type"] = "application/json",
    ["Idempotency-Key"] = string.format('"%s-%03d"', prefix, n % 100) }, '{"customer":"Storm","coffee":"Latte","size":"small"}')
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
sum_socket_errors() { local n=0; for f in "$work/$1"-*.txt; do n=$(( n + $(socket_errors "$f") )); done; echo "$n"; }
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
acked = [line.rstrip("\n").split("\t") for line in open(sys.argv[1]) if line.strip()]
missing = sum(1 for _, i in acked if i not in stored)
print(len(acked), missing, len(names) - len(set(names)))' "$work/acked.txt"
}

# 100 orders through the first server, so GET /orders lists something.
seed() {
  for i in $(seq 1 100); do
    "$coffee" order --server "${urls[0]}" --name "Seed $i" --coffee Latte --size medium --format json >/dev/null
  done
}
storm_inflight() { awk '/^inflight/ { n += $2 } END { print n + 0 }' "$@"; }

# One configuration: servers on storage "$@" (count $2), seeded, loaded, then the kill burst.
results=()
measure() {
  local label=$1 count=$2; shift 2
  # A staff token for GET /orders (issue 14: listing every order needs one), made in the store.
  local token; token=$("$coffee" token create --name "bench-$RANDOM$RANDOM" --format plain "$@")
  for _ in $(seq 1 "$count"); do start_server "$@"; done
  seed
  load get -H "Authorization: Bearer $token"
  load post -s "$work/post.lua"
  load postkey -s "$work/post-key.lua"
  COFFEE_STORM="storm-$RANDOM" load storm -s "$work/storm.lua"
  local acked_count rejected_count stored key_acked key_rejected storm_rejected storm_409 storm_stored keyed_stored
  acked_count=$(acked "$work"/post-*.txt); rejected_count=$(rejected "$work"/post-*.txt)
  key_acked=$(acked "$work"/postkey-*.txt); key_rejected=$(rejected "$work"/postkey-*.txt)
  storm_rejected=$(( $(rejected "$work"/storm-*.txt) + $(sum_socket_errors storm) ))
  storm_409=$(storm_inflight "$work"/storm-*.txt)
  stop_servers
  stored=$(( $(count_orders --customer Bench "$@") ))
  keyed_stored=$(( $(count_orders --customer Keyed "$@") ))
  storm_stored=$(( $(count_orders --customer Storm "$@") ))
  results+=("$label|$(sum_rps get)|$(max_p99 get)|$(sum_errors get)|$(sum_rps post)|$(max_p99 post)|$(( $(sum_errors post) + rejected_count ))|$acked_count/$stored")
  keyed+=("$label|$(sum_rps post)|$(sum_rps postkey)|$(max_p99 postkey)|$(( $(sum_errors postkey) + key_rejected ))|$key_acked/$keyed_stored|$(sum_rps storm)|$storm_rejected|$storm_409|$storm_stored")
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
# The same guarantee as SQLite's WAL with synchronous=NORMAL (no fsync per commit): a committed
# order survives a crash of coffee serve, not of the machine. This disk takes about 3 ms per
# fsync (pg_test_fsync), which bounds the durable rows above.
relaxed="$(new_pg_database relaxed)"
psql "$relaxed" -qAt -c "ALTER DATABASE relaxed SET synchronous_commit = off" >/dev/null
measure "PostgreSQL, 2 servers, async" 2 --database "$relaxed"
# Before and after issue 14, alternating binaries for two rounds, so drift hits both alike.
baseline_rev="${COFFEE_BENCH_BASELINE:-1bc9083}"
compared=()
compare() {
  local label=$1 count=$2 kind=$3 round side token storage name
  local -A get=() get_p99=() post=() post_p99=() post_err=()
  for round in 1 2; do
    for side in before now; do
      name="cmp_${side}_${round}_${kind}"
      if [ "$kind" = sqlite ]; then storage=(--db "$work/$name.sqlite"); else storage=(--database "$(new_pg_database "$name")"); fi
      token=none
      # Only today's store gets a token: making one migrates the store past what the old binary reads.
      [ "$side" = now ] && token=$("$coffee" token create --name bench --format plain "${storage[@]}")
      if [ "$side" = before ]; then serve_bin="$baseline_bin/coffee"; else serve_bin="$coffee"; fi
      for _ in $(seq 1 "$count"); do start_server "${storage[@]}"; done
      serve_bin=""
      seed
      load "$name-get" -H "Authorization: Bearer $token"
      load "$name-post" -s "$work/post-key.lua"
      stop_servers
      get[$side]=$(( ${get[$side]:-0} + $(sum_rps "$name-get") ))
      post[$side]=$(( ${post[$side]:-0} + $(sum_rps "$name-post") ))
      post_err[$side]=$(( ${post_err[$side]:-0} + $(sum_errors "$name-post") + $(rejected "$work/$name-post"-*.txt) ))
      get_p99[$side]="${get_p99[$side]:-} $(max_p99 "$name-get")"
      post_p99[$side]="${post_p99[$side]:-} $(max_p99 "$name-post")"
    done
  done
  worst() { tr ' ' '\n' <<<"$1" | sort -g | tail -n 1; }
  compared+=("$label|$(( get[before] / 2 ))|$(( get[now] / 2 ))|$(worst "${get_p99[before]}")|$(worst "${get_p99[now]}")|$(( post[before] / 2 ))|$(( post[now] / 2 ))|$(worst "${post_p99[before]}")|$(worst "${post_p99[now]}")|$(( post_err[before] + post_err[now] ))")
}
if baseline_bin="$(bash "$here/baseline.sh" coffee "$baseline_rev")"; then
  compare "SQLite, 1 server" 1 sqlite
  compare "PostgreSQL, 2 servers" 2 postgres
else
  echo "coffee bench: before/after comparison skipped (no build of $baseline_rev)" >&2
fi

bursts=()
burst "SQLite, 1 server" 1 --db "$work/kill.sqlite"
burst "PostgreSQL, 2 servers" 2 --database "$(new_pg_database kill)"

echo "coffee serve on loopback; wrk -c$connections -d${duration}s from a second process (two servers: -c$(( connections / 2 )) on each);"
echo "PostgreSQL $(bash -c "$(dirname "$(readlink -f "$(command -v initdb 2>/dev/null || ls /usr/lib/postgresql/*/bin/initdb | tail -n 1)")")/postgres --version" | awk '{ print $3 }'), fsync on; $(nproc) cores, load average $(cut -d" " -f1-3 /proc/loadavg) at the end"
printf '%-28s %9s %9s %6s %10s %10s %6s %16s\n' "store" "GET/s" "GET p99" "errors" "POST/s" "POST p99" "errors" "acked/stored"
for row in "${results[@]}"; do
  IFS='|' read -r label get_rps get_p99 get_err post_rps post_p99 post_err stored <<<"$row"
  printf '%-28s %9s %8sms %6s %10s %8sms %6s %16s\n' "$label" "$get_rps" "$get_p99" "$get_err" "$post_rps" "$post_p99" "$post_err" "$stored"
done
echo
echo "issue 14: a staff token on GET (above); POST with a new Idempotency-Key per request; a replay storm of 100 keys"
printf '%-28s %8s %8s %6s %9s %6s %14s %8s %6s %6s %7s\n' "store" "POST/s" "keyed/s" "ratio" "keyed p99" "errors" "acked/stored" "storm/s" "errors" "409s" "stored"
for row in "${keyed[@]}"; do
  IFS='|' read -r label plain_rps key_rps key_p99 key_err key_stored storm_rps storm_err storm_409 storm_stored <<<"$row"
  printf '%-28s %8s %8s %6s %7sms %6s %14s %8s %6s %6s %7s\n' "$label" "$plain_rps" "$key_rps" \
    "$(awk -v a="$key_rps" -v b="$plain_rps" 'BEGIN { printf "%.2fx", a / b }')" "$key_p99" "$key_err" "$key_stored" \
    "$storm_rps" "$storm_err" "$storm_409" "$storm_stored/100"
done
echo "(keyed POSTs run after the plain ones, on a database grown by them: the before/after table below is the fair"
echo " comparison. 409s: a key's first request still being placed when its repeat came; the right answer, not an error)"
if [ "${#compared[@]}" -gt 0 ]; then
  echo
  echo "before and after issue 14 (coffee at $baseline_rev vs today; the mean of 2 alternating rounds; a token on every GET, a new Idempotency-Key on every POST)"
  printf '%-24s %10s %10s %7s %15s %10s %10s %7s %15s %6s\n' "store" "GET/s was" "GET/s now" "ratio" "GET p99 was/now" \
    "POST/s was" "POST/s now" "ratio" "POST p99 was/now" "errors"
  for row in "${compared[@]}"; do
    IFS='|' read -r label gb gn gpb gpn pb pn ppb ppn cerr <<<"$row"
    printf '%-24s %10s %10s %7s %15s %10s %10s %7s %15s %6s\n' "$label" "$gb" "$gn" \
      "$(awk -v a="$gn" -v b="$gb" 'BEGIN { printf "%.2fx", a / b }')" "$gpb/${gpn}ms" "$pb" "$pn" \
      "$(awk -v a="$pn" -v b="$pb" 'BEGIN { printf "%.2fx", a / b }')" "$ppb/${ppn}ms" "$cerr"
  done
fi
printf '\n%-28s %8s %8s %11s\n' "kill -9 of one server" "acked" "missing" "duplicates"
for row in "${bursts[@]}"; do
  IFS='|' read -r label figures <<<"$row"
  read -r burst_acked burst_missing burst_dups <<<"$figures"
  printf '%-28s %8s %8s %11s\n' "$label" "$burst_acked" "$burst_missing" "$burst_dups"
done

# The targets: SQLite's from the first coffee issue; PostgreSQL with two servers from issue 13
# (durable commits: fsync on).
IFS='|' read -r _ sq_get sq_get_p99 sq_get_err sq_post _ sq_post_err sq_stored <<<"${results[0]}"
read -r _ sq_missing _ <<<"${bursts[0]#*|}"
IFS='|' read -r _ pg2_get pg2_get_p99 _ pg2_post pg2_post_p99 _ pg2_stored <<<"${results[2]}"
read -r _ pg_missing pg_dups <<<"${bursts[1]#*|}"
verdict() { if [ "$1" = 1 ]; then echo "ok"; else echo "BELOW TARGET"; fi; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2fx", a / b }'; }
echo
printf '%-44s %10s %10s %8s  %s\n' "SQLite, 1 server" "figure" "target" "ratio" "verdict"
printf '%-44s %10s %10s %8s  %s\n' "GET /orders req/s" "$sq_get" ">= 10000" "$(ratio "$sq_get" 10000)" "$(verdict $(( sq_get >= 10000 )))"
printf '%-44s %10s %10s %8s  %s\n' "GET /orders p99 (ms)" "$sq_get_p99" "< 20" "$(ratio 20 "$sq_get_p99")" "$(verdict "$(awk -v p="$sq_get_p99" 'BEGIN { print (p < 20) }')")"
printf '%-44s %10s %10s %8s  %s\n' "committed POST/s" "$sq_post" ">= 1000" "$(ratio "$sq_post" 1000)" "$(verdict $(( sq_post >= 1000 )))"
printf '%-44s %10s %10s %8s  %s\n' "errors; acknowledged/stored" "$(( sq_get_err + sq_post_err )); $sq_stored" "0" "-" "$(verdict $(( sq_get_err + sq_post_err == 0 )))"
printf '%-44s %10s %10s %8s  %s\n' "kill -9 burst: acknowledged orders missing" "$sq_missing" "0" "-" "$(verdict $(( sq_missing == 0 )))"
echo
printf '%-44s %10s %10s %8s  %s\n' "PostgreSQL, 2 servers" "figure" "target" "ratio" "verdict"
printf '%-44s %10s %10s %8s  %s\n' "committed POST/s" "$pg2_post" ">= 2000" "$(ratio "$pg2_post" 2000)" "$(verdict $(( pg2_post >= 2000 )))"
printf '%-44s %10s %10s %8s  %s\n' "POST p99 (ms)" "$pg2_post_p99" "< 25" "$(ratio 25 "$pg2_post_p99")" "$(verdict "$(awk -v p="$pg2_post_p99" 'BEGIN { print (p < 25) }')")"
printf '%-44s %10s %10s %8s  %s\n' "GET /orders req/s" "$pg2_get" ">= 10000" "$(ratio "$pg2_get" 10000)" "$(verdict $(( pg2_get >= 10000 )))"
printf '%-44s %10s %10s %8s  %s\n' "kill -9 burst: acknowledged orders missing" "$pg_missing" "0" "-" "$(verdict $(( pg_missing == 0 )))"
printf '%-44s %10s %10s %8s  %s\n' "kill -9 burst: duplicates" "$pg_dups" "0" "-" "$(verdict $(( pg_dups == 0 )))"
printf '%-44s %10s %10s %8s  %s\n' "vs SQLite, 1 server: GET / POST" "-" "-" "$(ratio "$pg2_get" "$sq_get") / $(ratio "$pg2_post" "$sq_post")" "-"

# Tokens and keys cost at most 15% of the throughput before it; no duplicates.
echo
printf '%-44s %10s %10s %8s  %s\n' "Tokens and idempotency keys" "figure" "target" "ratio" "verdict"
for row in "${keyed[@]}"; do
  IFS='|' read -r label _ _ _ key_err key_stored _ storm_err _ storm_stored <<<"$row"
  printf '%-44s %10s %10s %8s  %s\n' "$label: storm stored, errors" "$storm_stored, $storm_err" "100, 0" "-" \
    "$(verdict $(( storm_stored == 100 && storm_err == 0 )))"
  # wrk stops with requests in flight: those may be stored, unacknowledged; one per connection at most.
  printf '%-44s %10s %10s %8s  %s\n' "$label: keyed acked/stored, errors" "$key_stored, $key_err" "all, 0" "-" \
    "$(verdict $(( ${key_stored#*/} >= ${key_stored%/*} && ${key_stored#*/} - ${key_stored%/*} <= connections && key_err == 0 )))"
done
for row in "${compared[@]}"; do
  IFS='|' read -r label gb gn _ _ pb pn _ _ cerr <<<"$row"
  printf '%-44s %10s %10s %8s  %s\n' "$label: GET /orders, token" "$gn" ">= 0.85x" "$(ratio "$gn" "$gb")" \
    "$(verdict "$(awk -v a="$gn" -v b="$gb" 'BEGIN { print (a >= 0.85 * b) }')")"
  printf '%-44s %10s %10s %8s  %s\n' "$label: POST, new key each" "$pn" ">= 0.85x" "$(ratio "$pn" "$pb")" \
    "$(verdict "$(awk -v a="$pn" -v b="$pb" 'BEGIN { print (a >= 0.85 * b && c == 0) }' c="$cerr")")"
done
