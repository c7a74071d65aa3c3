#!/usr/bin/env bash
# Runs the monorepo's test bundle as three processes at once, each a share of the test modules.
#
# Usage: Tools/Scripts/test-shards.sh BIN_PATH   (BIN_PATH: `swift build --show-bin-path`)
#
# Many tests wait: on the apps they start, on deadlines, on a browser. Swift Testing runs tests
# on the cooperative pool, one thread per core, and a test that waits without `await` holds its
# thread, so one process leaves the cores idle much of the time. Three processes keep them busy.
# The last share is everything the first two do not name, so every test runs exactly once.
# Each share's output is printed whole as it ends; the script fails if any share failed, and then
# ends with the lines that name what failed, so the tail of a long log says why.
set -uo pipefail

bin=${1:?give the build folder, as swift build --show-bin-path prints it}
bundle="$bin/StrataPackageTests.xctest"
[ -x "$bundle" ] || { echo "test-shards: no test bundle at $bundle; run swift build --build-tests" >&2; exit 66; }

first='PapersAppTests'
second='ColorEventsAppTests|MemorizeAppTests|WebSupportTests|AppSupportTests'
shares=(
    "--filter ^($first)\."
    "--filter ^($second)\."
    "--skip ^($first|$second)\."
)

logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
declare -A names
for index in "${!shares[@]}"; do
    # shellcheck disable=SC2086 # each share is an option and its pattern
    "$bundle" --testing-library swift-testing ${shares[$index]} >"$logs/$index.log" 2>&1 &
    names[$!]=$index
done

failed=()
for _ in "${!shares[@]}"; do
    wait -n -p done_pid
    status=$?
    index=${names[$done_pid]}
    echo "== test share $((index + 1)) of ${#shares[@]} (${shares[$index]}): exit $status"
    cat "$logs/$index.log"
    [ "$status" -eq 0 ] || failed+=("$index")
done
[ "${#failed[@]}" -eq 0 ] && exit 0
for index in "${failed[@]}"; do
    echo "== test share $((index + 1)) failed (${shares[$index]}); what failed in it:"
    # A failed test or issue is marked ✘; a share that crashed has none, and its last lines say how.
    grep -a '✘' "$logs/$index.log" | head -40 || tail -n 15 "$logs/$index.log"
done
exit 1
