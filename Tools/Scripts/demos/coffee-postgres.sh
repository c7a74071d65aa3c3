#!/usr/bin/env bash
# Coffee on PostgreSQL: a throwaway cluster, two `coffee serve` instances on one database,
# orders placed through each and read through the other, a race on one order's status
# (one cancels, the other gets 409), then both servers and the cluster stopped and removed.
set -euo pipefail
bin="$1"
coffee="$bin/coffee"
here="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d "${XDG_DATA_HOME:-/tmp}/coffee-pg-demo.XXXXXX")"
# The cluster's folder sits in /tmp itself: when we are root it runs as the postgres user, who
# cannot enter our private work folder.
cluster="$(mktemp -u /tmp/strata-pg-demo.XXXXXX)"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true; done
  bash "$here/pg-cluster.sh" stop "$cluster" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

database="$(bash "$here/pg-cluster.sh" start "$cluster" --watch $$)"
echo "a throwaway PostgreSQL cluster: $database"
# A staff token in that database, which both servers read: listing and cancelling need it.
export STRATA_COFFEE_TOKEN="$("$coffee" token create --name demo --format plain --database "$database")"
echo "a staff token, made in that database, for every --server command below"

# Starts `coffee serve` on a free port and prints its URL once it listens.
serve() {
  local out="$work/serve-$1.out"
  "$coffee" serve --port 0 --database "$database" >"$out" 2>"$work/serve-$1.err" &
  pids+=($!)
  for _ in $(seq 1 100); do
    url="$(sed -n 's/^listening on \(http:[^ ]*\).*/\1/p' "$out")"
    [ -n "$url" ] && { echo "$url"; return; }
    sleep 0.1
  done
  echo "coffee serve did not start:" >&2; cat "$work/serve-$1.err" >&2; exit 1
}
first="$(serve 1)"
second="$(serve 2)"
echo "two servers on that one database: $first and $second"
step() { printf '\n$ coffee %s\n' "$*"; "$coffee" "$@"; }

step order --server "$first" --name Ada --coffee Latte --size medium
step order --server "$second" --name Grace --coffee Mocha --size large
step list --server "$first"
step list --server "$second" --sort total

# Both servers cancel Ada's order at once: the row lock lets one win, the other answers 409.
id="$("$coffee" list --server "$first" --format json | sed -n 's/.*"id" : "\([0-9a-f-]*\)".*/\1/p' | head -n 1)"
echo
echo "both servers cancel order ${id:0:8} at the same moment:"
for url in "$first" "$second"; do
  ("$coffee" cancel --server "$url" "${id:0:8}" --format plain >/dev/null 2>"$work/race-${url##*:}.err" \
    && echo "  through $url: cancelled" || echo "  through $url: refused ($(cat "$work/race-${url##*:}.err"))") &
done
wait
step show --server "$second" "${id:0:8}"

for pid in "${pids[@]}"; do kill -TERM "$pid"; wait "$pid"; done
pids=()
echo
echo "both servers stopped cleanly (SIGTERM); the cluster is removed on exit"
