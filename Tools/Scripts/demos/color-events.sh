#!/usr/bin/env bash
# One event, many actions: the Center button (changeBothSidesColors) gives Left and Right a
# new colour at once and leaves Center alone. A seed makes the colours the same every run.
set -euo pipefail
bin="$1"
data="${XDG_DATA_HOME:-}"
if [ -z "$data" ]; then data="$(mktemp -d)"; trap 'rm -rf "$data"' EXIT; fi
db="$data/strata/color-events-demo.sqlite"
ce() { "$bin/color-events" "$@" --db "$db"; }

echo "\$ color-events events   # the event -> actions table"
ce events
echo
echo "\$ color-events send --seed 42 changeBothSidesColors"
ce send --seed 42 changeBothSidesColors
echo
echo "\$ printf 'l\\n3\\nq\\n' | color-events run --seed 7   # the interactive panes, fed through a pipe"
printf 'l\n3\nq\n' | ce run --seed 7
echo "\$ color-events journal"
ce journal
echo
echo "\$ color-events replay   # rebuilt from the journal alone"
ce replay
echo
echo "\$ color-events send paint   # an unknown event"
set +e
ce send paint 2>&1
echo "exit code: $?"
