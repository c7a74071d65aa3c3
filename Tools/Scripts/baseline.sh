#!/usr/bin/env bash
# Usage: baseline.sh PRODUCT REVISION
# Builds PRODUCT as it was at git REVISION (release, as `make bench` builds today's) into
# .build/baseline/REVISION, once, and prints the folder holding the binary. Benchmarks run it
# beside today's binary in the same run, so "within N% of before" is measured, not remembered.
# Exits 3, saying why, when the revision is not in this clone (a shallow clone or an archive).
set -euo pipefail
product="$1"
revision="$2"
root="$(git -C "$(dirname "$0")" rev-parse --show-toplevel)"
if ! git -C "$root" cat-file -e "$revision^{commit}" 2>/dev/null; then
  echo "baseline: revision $revision is not in this clone; fetch the full history (git fetch --unshallow)" >&2
  exit 3
fi
folder="$root/.build/baseline/$revision"
if [ ! -x "$folder/bin/$product" ]; then
  rm -rf "$folder/source"
  mkdir -p "$folder/source" "$folder/bin"
  git -C "$root" archive "$revision" | tar -x -C "$folder/source"
  echo "baseline: building $product at $revision (once; kept in $folder)" >&2
  (cd "$folder/source" &&
    swift build -c release --static-swift-stdlib --product "$product" --scratch-path "$folder/build" >&2)
  cp "$folder/build/release/$product" "$folder/bin/$product"
fi
echo "$folder/bin"
