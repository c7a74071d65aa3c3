#!/usr/bin/env bash
# The ColorEvents bus beside the EV seed's own mechanism (CurrentValueSubject + flatMap +
# compactMap) rebuilt on OpenCombine 0.14.0, in one run: events/s, median latency, ratios.
# The benchmark is its own package (Tools/Benchmarks/ColorEventsBench), so OpenCombine never
# enters the main build; $1 (the release bin dir) is not needed.
set -euo pipefail
root="$(cd "$(dirname "$0")/../../.." && pwd)"
bench="$root/Tools/Benchmarks/ColorEventsBench"
swift build -c release -j 1 --package-path "$bench" --product color-events-bench >/dev/null
"$(swift build -c release --package-path "$bench" --show-bin-path)/color-events-bench" "${COLOR_EVENTS_BENCH_SCALE:-1}"
