#!/usr/bin/env bash
# strata new / remove / templates on a scratch copy of this package's manifest (the templates are built in).
set -euo pipefail
bin="$1"
root="$(cd "$(dirname "$0")/../../.." && pwd)"
pkg="$(mktemp -d)"
trap 'rm -rf "$pkg"' EXIT
cp "$root/Package.swift" "$pkg/"

strata="$(cd "$bin" && pwd)/strata"

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

# Outside this repository: SwiftPM's library template, then strata's own package shape.
lib="$pkg/Shelf"; mkdir -p "$lib"
(cd "$lib" && swift package init --type library >/dev/null)
"$strata" init --path "$lib" >/dev/null
cp "$lib/Package.swift" "$lib/strata.yml" "$pkg/"
echo "\$ strata new Notes   (in a \`swift package init --type library\` package: template Layers)"
"$strata" new Notes --path "$lib" | tail -9
echo "\$ strata remove Notes"
"$strata" remove Notes --path "$lib" | head -2
cmp -s "$pkg/Package.swift" "$lib/Package.swift" && cmp -s "$pkg/strata.yml" "$lib/strata.yml" &&
  echo "Package.swift and strata.yml are byte for byte as before"
echo "\$ strata create Shop   (a new package of this shape, ready for strata new and make test)"
(cd "$pkg" && "$strata" create Shop && ls -A Shop | tr '\n' ' ' && echo)
