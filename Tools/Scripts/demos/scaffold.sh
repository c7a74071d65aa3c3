#!/usr/bin/env bash
# strata new / remove / templates on a scratch copy of this package's manifest (the templates are built in).
set -euo pipefail
bin="$1"
root="$(cd "$(dirname "$0")/../../.." && pwd)"
pkg="$(mktemp -d)"
trap 'rm -rf "$pkg"' EXIT
cp "$root/Package.swift" "$pkg/"

strata="$bin/strata"

echo "\$ strata templates"
"$strata" templates --path "$pkg" | head -8
echo "\$ strata new HTTPLogs --dry-run   (nothing written)"
"$strata" new HTTPLogs --dry-run --path "$pkg" | tail -12
echo "\$ strata new http-logs   (a bad name: exit 64)"
"$strata" new http-logs --path "$pkg" || echo "exit $?"
echo "\$ strata new HTTPLogs"
"$strata" new HTTPLogs --path "$pkg" | tail -8
echo "\$ strata new HTTPLogs   (again: exit 67, nothing overwritten)"
"$strata" new HTTPLogs --path "$pkg" || echo "exit $?"
echo "// my change" >> "$pkg/Modules/HTTPLogs/Entity/HTTPLogsItem.swift"
echo "\$ strata remove HTTPLogs   (a generated file was edited: exit 67)"
"$strata" remove HTTPLogs --path "$pkg" || echo "exit $?"
sed -i '$ d' "$pkg/Modules/HTTPLogs/Entity/HTTPLogsItem.swift"
echo "\$ strata remove HTTPLogs"
"$strata" remove HTTPLogs --path "$pkg"
cmp -s "$root/Package.swift" "$pkg/Package.swift" && echo "Package.swift is byte for byte as before; left: $(ls "$pkg" | tr '\n' ' ')"
