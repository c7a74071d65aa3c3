#!/usr/bin/env bash
# Runs every feature's demo against a throwaway data directory: no network, nothing left behind.
set -euo pipefail
bin="$1"
export XDG_DATA_HOME
XDG_DATA_HOME="$(mktemp -d)"
trap 'rm -rf "$XDG_DATA_HOME"' EXIT
here="$(cd "$(dirname "$0")" && pwd)"
ran=0
for demo in "$here"/demos/*.sh; do
  [ -e "$demo" ] || continue
  echo "== $(basename "$demo" .sh) =="
  bash "$demo" "$bin"
  echo
  ran=$((ran + 1))
done
echo "demo: $ran feature demo(s) ran in $XDG_DATA_HOME (removed on exit)"
