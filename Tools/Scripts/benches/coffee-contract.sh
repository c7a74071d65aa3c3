#!/usr/bin/env bash
# Coffee contract check: schemathesis (PyPI) generates requests from the OpenAPI document that
# `coffee serve` publishes at GET /openapi.json and runs every check against a running server
# (single worker: hypothesis crashes parsing its lambdas in threads on CPython 3.11) (server errors, status codes, content types, response schemas and headers, Allow, negative data).
# Prints the number of generated requests and the failures (target: none). Every request carries
# a staff token (`coffee token create`, or $STRATA_COFFEE_BENCH_TOKEN when set), so the staff routes
# are exercised too; schemathesis's ignored_auth check also sends them without it and expects 401.
# Skips, saying so, only when schemathesis cannot be installed from PyPI.
set -euo pipefail
bin="$1"
coffee="$bin/coffee"
max_examples="${COFFEE_CONTRACT_EXAMPLES:-50}"

venv="${XDG_CACHE_HOME:-$HOME/.cache}/strata/schemathesis"
if [ ! -x "$venv/bin/schemathesis" ]; then
  if ! { python3 -m venv "$venv" >/dev/null 2>&1 && "$venv/bin/pip" install -q schemathesis >/dev/null 2>&1; }; then
    echo "coffee-contract: SKIPPED: schemathesis could not be installed from PyPI (python3 -m venv + pip install schemathesis failed)"
    exit 0
  fi
fi
st="$venv/bin/schemathesis"

work="$(mktemp -d)"
pid=""
trap '[ -n "$pid" ] && kill -TERM "$pid" 2>/dev/null && wait "$pid" 2>/dev/null; rm -rf "$work"' EXIT

db="$work/coffee.sqlite"
token="${STRATA_COFFEE_BENCH_TOKEN:-$("$coffee" token create --name bench --db "$db" --format plain)}"

"$coffee" serve --port 0 --db "$db" >"$work/serve.out" 2>"$work/serve.err" &
pid=$!
for _ in $(seq 1 100); do grep -q "listening on" "$work/serve.out" 2>/dev/null && break; sleep 0.1; done
url="$(grep -o 'http://[^ ]*' "$work/serve.out" | head -n 1)"
[ -n "$url" ] || { echo "coffee-contract: the server did not start: $(cat "$work/serve.err")" >&2; exit 1; }
# A few orders, so the generated ids and prefixes sometimes find one.
for name in Ada Bob Cy; do
  curl -s -o /dev/null -X POST "$url/orders" -H 'Content-Type: application/json' \
    -d "{\"customer\":\"$name\",\"coffee\":\"latte\",\"size\":\"small\"}"
done

# A key sent again with another body is 422 by the Idempotency-Key draft (the document lists it);
# schemathesis's positive_data_acceptance would count that as refusing valid data.
cat >"$work/schemathesis.toml" <<'TOML'
[[operations]]
include-path = "/orders"
include-method = "POST"

[operations.checks.positive_data_acceptance]
expected-statuses = ["2xx", "3xx", "401", "403", "404", "409", "422", "429", "5xx"]
TOML

args=(--config-file "$work/schemathesis.toml" run "$url/openapi.json" --checks all --max-examples "$max_examples" --workers 1 --seed 14
  --generation-codec utf-8 --no-color)
args+=(-H "Authorization: Bearer $token")
status=0
# In the work folder: schemathesis keeps a cache (.schemathesis/) where it runs.
(cd "$work" && "$st" "${args[@]}") >"$work/st.out" 2>&1 || status=$?
# The summary: operations, phases, checks, the number of generated test cases, failures.
sed -n '/^API Operations:/,/^Seed:/p' "$work/st.out" | grep -v '^ *$' || true
server_errors="$(grep -c 'Server error' "$work/st.out" || true)"
echo "coffee-contract: schemathesis $("$st" --version | awk '{print $NF}'), $max_examples examples per operation, exit $status"
echo "coffee-contract: server errors reported: $server_errors; server still running: $(kill -0 "$pid" 2>/dev/null && echo yes || echo NO)"
if [ "$status" != 0 ]; then
  echo "--- schemathesis output ---"
  cat "$work/st.out"
  exit "$status"
fi
