#!/usr/bin/env bash
# Papers with no network: import recorded arXiv responses into a throwaway library, then search,
# show, favourite and list favourites offline. $1 is the bin dir; XDG_DATA_HOME is a throwaway dir.
set -euo pipefail
bin="$1"
here="$(cd "$(dirname "$0")" && pwd)"
fixtures="$here/../../../Tests/Fixtures/arxiv"
bulk="$here/../../../Tests/Fixtures"
papers() { echo "\$ papers $*"; "$bin/papers" "$@"; echo; }
export XDG_DATA_HOME="${XDG_DATA_HOME:-$(mktemp -d)}"
papers import "$fixtures/search-all-testing-100-entries.xml" "$fixtures/legacy2016-au-del_maestro-10-of-31.xml"
papers library search "quantum monte carlo" --limit 5
papers show 1201.4869 --offline
papers fav 1201.4869 --offline --format plain
papers fav 2405.13786 --offline --format plain
papers favorites
papers library stats
papers bibtex 1201.4869 --offline
# arXiv's bulk formats: the metadata snapshot (JSON lines, gzipped) and a saved OAI-PMH page, with versions.
papers import "$bulk/arxiv-snapshot/sample.jsonl.gz" "$bulk/arxiv-oai/listrecords-arXiv-physics-hep-th-2017-12-14.xml"
papers show 0806.4129 --offline
echo "\$ papers import error-id-abc-http400.xml   # an API error response: refused, nothing imported"
"$bin/papers" import "$fixtures/error-id-abc-http400.xml" || echo "(exit $?)"
