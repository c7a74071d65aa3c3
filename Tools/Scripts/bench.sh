#!/usr/bin/env bash
# Runs every benchmark under benches/ with the release binaries in $1, printing figures and ratios.
set -euo pipefail
bin="$1"
here="$(cd "$(dirname "$0")" && pwd)"
for bench in "$here"/benches/*.sh; do
  [ -e "$bench" ] || continue
  echo "== $(basename "$bench" .sh) =="
  bash "$bench" "$bin"
  echo
done
