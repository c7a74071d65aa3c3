#!/usr/bin/env bash
# Coffee demo: a throwaway database, three orders, one advanced, a list and a report;
# then a staff token, `coffee serve` on a free loopback port, the same list through --server (refused
# without the token, served with it), an order through the server, and a clean stop.
set -euo pipefail
bin="$1"
coffee="$bin/coffee"
work="$(mktemp -d "${XDG_DATA_HOME:-/tmp}/coffee-demo.XXXXXX")"
db="$work/coffee.sqlite"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then kill -TERM "$server_pid"; wait "$server_pid" || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

# Every command below uses this file, as `--db` would; the commands read as a person types them.
export STRATA_COFFEE_DB="$db"
step() { printf '\n$ coffee %s\n' "$*"; "$coffee" "$@"; }

step menu
step order --name Ada --coffee Latte --size medium
step order --name Grace --coffee "Flat White" --size large
step order --name Linus --coffee Espresso --size small
first="$("$coffee" list --format json | sed -n 's/.*"shortID" : "\([0-9a-f]*\)".*/\1/p' | head -n 1)"
step advance "${first:0:4}"
step list
step report

# Listing every order through the server is for staff: a token, made in the server's database.
# Every --server command below sends it through $STRATA_COFFEE_TOKEN (or --token).
printf '\n$ coffee token create --name till-1 --format plain\n'
token="$("$coffee" token create --name till-1 --format plain)"
echo "$token"

# The server prints `listening on http://HOST:PORT ...` first; port 0 lets the system pick a free port.
"$coffee" serve --port 0 >"$work/serve.out" 2>"$work/serve.err" &
server_pid=$!
url=""
for _ in $(seq 1 100); do
  url="$(sed -n 's/^listening on \(http:[^ ]*\).*/\1/p' "$work/serve.out")"
  [ -n "$url" ] && break
  sleep 0.1
done
[ -n "$url" ] || { echo "coffee serve did not start:" >&2; cat "$work/serve.err" >&2; exit 1; }
echo
echo "coffee serve is listening on $url"
printf '\n$ coffee list --server %s   # no token\n' "$url"
"$coffee" list --server "$url" || echo "(exit $?: refused, as it should be)"
export STRATA_COFFEE_TOKEN="$token"
step list --server "$url" --sort total
# Sent with an Idempotency-Key (the new order's id), so a retry after a lost answer never orders twice.
step order --server "$url" --name Ada --coffee Mocha --size small
step report --server "$url" --format json
kill -TERM "$server_pid"
wait "$server_pid"
server_pid=""
echo "server stopped cleanly (SIGTERM)"
