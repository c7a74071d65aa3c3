#!/usr/bin/env bash
# Coffee in a browser: `coffee serve` with its pages, on one SQLite file holding 100 open orders.
# 1. wrk against the board page (GET /, HTML) and against GET /orders (JSON, a reports token) on
#    the same server and data, in one run: requests/s of each, and HTML's as a ratio of JSON's
#    (target: at least 0.7).
# 2. The time from starting `coffee order` (a second process writing the same file) to the order's
#    name arriving on an open board's event stream (GET /board/events, what the page's EventSource
#    reads), over 100 orders: median and p95, beside the time `coffee order` itself takes.
set -euo pipefail
bin="$1"
coffee="$bin/coffee"
duration="${COFFEE_WEB_BENCH_SECONDS:-10}"
connections="${COFFEE_WEB_BENCH_CONNECTIONS:-16}"
orders="${COFFEE_WEB_BENCH_ORDERS:-100}"
command -v wrk >/dev/null 2>&1 || { echo "coffee-web bench: wrk is not installed; run make setup" >&2; exit 1; }

work="$(mktemp -d)"
pid=""
trap '[ -n "$pid" ] && kill -TERM "$pid" 2>/dev/null && wait "$pid" 2>/dev/null; rm -rf "$work"' EXIT
db="$work/orders.sqlite"

for i in $(seq 1 100); do
  "$coffee" order --name "Guest $i" --coffee Latte --size medium --db "$db" >/dev/null
done
token="$("$coffee" token create --name bench --role reports --db "$db" --format plain)"

# The server's first line names its address: read it from a pipe as soon as it is written.
mkfifo "$work/serve.out"
"$coffee" serve --port 0 --db "$db" >"$work/serve.out" 2>"$work/serve.err" &
pid=$!
exec 3<"$work/serve.out"
IFS= read -r -t 30 first <&3 || { echo "coffee-web bench: the server did not start" >&2; cat "$work/serve.err" >&2; exit 1; }
url="$(sed -n 's/^listening on \(http:[^ ]*\).*/\1/p' <<<"$first")"

rps() { awk '/^Requests\/sec:/ { printf "%.0f", $2 }' "$1"; }
errors() { awk '/Non-2xx or 3xx responses:/ { n += $NF } /Socket errors:/ { gsub(/,/, ""); n += $4 + $6 + $8 + $10 } END { print n + 0 }' "$1"; }

wrk -t2 -c"$connections" -d"${duration}s" "$url/" >"$work/html.txt"
wrk -t2 -c"$connections" -d"${duration}s" -H "Authorization: Bearer $token" "$url/orders" >"$work/json.txt"
html="$(rps "$work/html.txt")"; json="$(rps "$work/json.txt")"
printf "%-44s %10s req/s  errors %s\n" "board page, GET / (HTML, 100 open orders)" "$html" "$(errors "$work/html.txt")"
printf "%-44s %10s req/s  errors %s\n" "GET /orders (JSON, the same 100 orders)" "$json" "$(errors "$work/json.txt")"
awk -v h="$html" -v j="$json" 'BEGIN { printf "%-44s %10.2fx  (target >= 0.70x)\n", "HTML / JSON", h / j }'

python3 - "$url" "$coffee" "$db" "$orders" <<'PY'
import random, statistics, subprocess, sys, threading, time, urllib.request
url, coffee, db, count = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
seen, lock = {}, threading.Condition()

def listen():
    # The board's stream, read as EventSource reads it: each "update" carries the board's HTML.
    with urllib.request.urlopen(url + "/board/events", timeout=60) as stream:
        for raw in stream:
            line = raw.decode("utf-8", "replace")
            if line.startswith("data:"):
                now = time.monotonic()
                connected.set()
                with lock:
                    for name in list(waiting):
                        if name in line and name not in seen:
                            seen[name] = now
                    lock.notify_all()

waiting, connected = set(), threading.Event()
threading.Thread(target=listen, daemon=True).start()
if not connected.wait(timeout=10):  # the stream's first rendering: it is connected
    sys.exit("coffee-web bench: the board's event stream sent nothing")
delays, commands = [], []
# A seeded pause of 0-200 ms before each order: without it every order would start just after the
# previous one arrived, at the same point of the server's 100 ms revision check, and the figures
# would measure that one phase instead of what a person placing an order at any moment sees.
pauses = random.Random(42)
for i in range(count):
    time.sleep(pauses.uniform(0, 0.2))
    name = f"Live {i:03d}"
    with lock:
        waiting.add(name)
    start = time.monotonic()
    subprocess.run([coffee, "order", "--name", name, "--coffee", "Mocha", "--size", "small", "--db", db],
                   check=True, stdout=subprocess.DEVNULL)
    commands.append(time.monotonic() - start)
    with lock:
        if not lock.wait_for(lambda: name in seen, timeout=10):
            sys.exit(f"coffee-web bench: {name} never reached the board")
    delays.append(seen[name] - start)
def ms(values, q):
    values = sorted(values)
    return 1000 * values[min(len(values) - 1, int(round(q * (len(values) - 1))))]
print(f"{'coffee order -> on an open board (SSE)':44s} median {ms(delays, .5):6.0f} ms  p95 {ms(delays, .95):6.0f} ms  ({count} orders)")
print(f"{'  of which coffee order itself':44s} median {ms(commands, .5):6.0f} ms  p95 {ms(commands, .95):6.0f} ms")
PY
