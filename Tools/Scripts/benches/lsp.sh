#!/usr/bin/env bash
# strata lsp on a 1,000-file package (25 features x 4 layers x 10 files): the time from each
# textDocument/didChange to the publishDiagnostics that answers it (1,000 edits, each waited for,
# alternately adding and removing an import the layer refuses), p50 and p95, and the server's
# memory after the first edit and after the last; beside a cold `strata lint --no-cache` of the
# same package. The manifest cache is warmed first, as an editor's session finds it.
# Usage: lsp.sh <release-bin-dir>
set -euo pipefail
bin="$1"
strata="$(cd "$bin" 2>/dev/null && pwd)/strata"
[ -x "$strata" ] || { echo "lsp bench: $strata not found; run swift build -c release first" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python3 "$(dirname "$0")/lsp_driver.py" generate "$work/package"
"$strata" lint --quiet --path "$work/package" >/dev/null  # warms the manifest cache
start=$(date +%s.%N)
"$strata" lint --quiet --no-cache --path "$work/package" >/dev/null
end=$(date +%s.%N)
cold=$(echo "($end - $start) * 1000" | bc)
python3 "$(dirname "$0")/lsp_driver.py" measure "$work/package" "$strata" "$cold"
