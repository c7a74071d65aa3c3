#!/usr/bin/env bash
# The board's cost follows the open orders, not the history: a staff member's board (GET / with a
# staff session, rendered for every request) on two SQLite files holding the same 20 open orders,
# one of them also holding 20,000 completed ones. wrk against each, interleaved twice; the ratio of
# the small file's requests/s to the large one's (target: at most 1.5x).
set -euo pipefail
bin="$1"
coffee="$bin/coffee"
duration="${COFFEE_BOARD_BENCH_SECONDS:-5}"
history="${COFFEE_BOARD_BENCH_HISTORY:-20000}"
command -v wrk >/dev/null 2>&1 || { echo "coffee-board bench: wrk is not installed; run make setup" >&2; exit 1; }
command -v sqlite3 >/dev/null 2>&1 || { echo "coffee-board bench: sqlite3 is not installed; run make setup" >&2; exit 1; }

work="$(mktemp -d)"
pids=()
trap 'for p in "${pids[@]}"; do kill -TERM "$p" 2>/dev/null; wait "$p" 2>/dev/null; done; rm -rf "$work"' EXIT

open="$work/open.sqlite"
for i in $(seq 1 20); do
  "$coffee" order --name "Guest $i" --coffee Latte --size medium --db "$open" >/dev/null
done
token="$("$coffee" token create --name bench --role staff --db "$open" --format plain)"
both="$work/both.sqlite"
sqlite3 "$open" ".backup '$both'"  # not cp: the last orders may still be in the write-ahead log
# The history, written as the store writes completed orders, a day before the open ones.
sqlite3 "$both" <<SQL
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $history)
INSERT INTO orders (id, customer, customer_key, coffee, size, total_cents, status, created_at, updated_at)
SELECT printf('00000000-0000-4000-8000-%012d', i), 'Past ' || i, 'past ' || i, 'Latte', 'medium', 450,
       'completed', (SELECT MIN(created_at) FROM orders) - 86400000 + i, (SELECT MIN(created_at) FROM orders) - 86400000 + i
FROM n;
SQL

serve() {
  local db="$1" out="$work/$(basename "$1").out"
  mkfifo "$out"
  "$coffee" serve --port 0 --db "$db" >"$out" 2>"$out.err" &
  pids+=("$!")
  exec {fd}<"$out"
  local first
  IFS= read -r -t 30 first <&"$fd" || { echo "coffee-board bench: the server did not start" >&2; cat "$out.err" >&2; exit 1; }
  sed -n 's/^listening on \(http:[^ ]*\).*/\1/p' <<<"$first"
}
small="$(serve "$open")"
large="$(serve "$both")"

rps() { awk '/^Requests\/sec:/ { printf "%.0f", $2 }' "$1"; }
errors() { awk '/Non-2xx or 3xx responses:/ { n += $NF } /Socket errors:/ { gsub(/,/, ""); n += $4 + $6 + $8 + $10 } END { print n + 0 }' "$1"; }
board() { wrk -t2 -c8 -d"${duration}s" -H "Cookie: coffee_staff=$token" "$1/" >"$2"; }

# The page must be the staff board with the 20 orders, on both servers.
for url in "$small" "$large"; do
  page="$(python3 -c 'import sys, urllib.request; r = urllib.request.Request(sys.argv[1] + "/", headers={"Cookie": "coffee_staff=" + sys.argv[2]}); print(urllib.request.urlopen(r).read().decode())' "$url" "$token")"
  grep -q "20 open orders" <<<"$page" || { echo "coffee-board bench: $url/ does not show the 20 open orders" >&2; exit 1; }
  grep -q "Signed in as bench" <<<"$page" || { echo "coffee-board bench: $url/ is not the staff board" >&2; exit 1; }
done

small_total=0; large_total=0
for round in 1 2; do
  board "$small" "$work/small-$round.txt"; board "$large" "$work/large-$round.txt"
  small_total=$((small_total + $(rps "$work/small-$round.txt"))); large_total=$((large_total + $(rps "$work/large-$round.txt")))
  for side in small large; do
    [ "$(errors "$work/$side-$round.txt")" = 0 ] ||
      { echo "coffee-board bench: wrk saw errors on the $side file:" >&2; cat "$work/$side-$round.txt" >&2; exit 1; }
  done
done
printf "%-52s %10s req/s\n" "staff board, 20 open orders" "$((small_total / 2))"
printf "%-52s %10s req/s\n" "staff board, 20 open + $history completed" "$((large_total / 2))"
awk -v s="$small_total" -v l="$large_total" 'BEGIN { printf "%-52s %10.2fx  (target <= 1.50x)\n", "20 open / with the history (time per board)", s / l }'
