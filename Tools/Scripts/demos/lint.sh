#!/usr/bin/env bash
# strata lint and strata graph: the repository passes its own rules; a fixture package with
# deliberate violations shows every format, the baseline and the graph. No network.
set -euo pipefail
bin="$1"
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../../.." && pwd)"
fixtures="$repo/Tools/strata/Tests/StrataLintTests/Fixtures"
layers=(--path "$fixtures/layers" --package-json "$fixtures/layers/package.json")
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

echo "\$ strata lint --path .   # this repository against strata.yml"
"$bin/strata" lint --path "$repo"
echo
echo "\$ strata lint (a fixture with violations; exit 1 expected)"
"$bin/strata" lint "${layers[@]}" && echo "unexpected: exit 0" || echo "exit $?"
echo
echo "\$ strata lint --format github"
"$bin/strata" lint --quiet --format github "${layers[@]}" || true
echo
echo "\$ strata lint --write-baseline, then --baseline: known violations no longer fail"
"$bin/strata" lint --write-baseline "$work/baseline.json" "${layers[@]}"
"$bin/strata" lint --quiet --baseline "$work/baseline.json" "${layers[@]}" && echo "exit 0"
echo
echo "\$ strata graph --format mermaid (features fixture: violating edges marked)"
"$bin/strata" graph --quiet --path "$fixtures/features" --package-json "$fixtures/features/package.json"
