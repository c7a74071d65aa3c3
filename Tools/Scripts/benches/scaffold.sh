#!/usr/bin/env bash
# strata new/remove timings beside SwiftPM's own `swift package add-target`, and the smoke test's build and test steps.
set -euo pipefail
bin="$1"
strata="$bin/strata"
root="$(cd "$(dirname "$0")/../../.." && pwd)"
now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", b - a }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
runs=7

# A scratch package: the real manifest and templates (strata reads nothing else to generate).
pkg="$(mktemp -d)"; peer="$(mktemp -d)"
trap 'rm -rf "$pkg" "$peer"' EXIT
cp "$root/Package.swift" "$pkg/"
# With the repository's .swift-format, as here: strata new formats what it writes (about 0.2 s).
cp "$root/.swift-format" "$pkg/"


new_times=(); dry_times=(); remove_times=()
for i in $(seq $runs); do
  t0=$(now); "$strata" new BenchFeature --dry-run --path "$pkg" >/dev/null; t1=$(now); dry_times+=("$(elapsed "$t0" "$t1")")
  t0=$(now); "$strata" new BenchFeature --path "$pkg" >/dev/null; t1=$(now); new_times+=("$(elapsed "$t0" "$t1")")
  t0=$(now); "$strata" remove BenchFeature --path "$pkg" >/dev/null; t1=$(now); remove_times+=("$(elapsed "$t0" "$t1")")
done
new=$(printf '%s\n' "${new_times[@]}" | median)
dry=$(printf '%s\n' "${dry_times[@]}" | median)
remove=$(printf '%s\n' "${remove_times[@]}" | median)
cmp -s "$root/Package.swift" "$pkg/Package.swift" || { echo "scaffold bench: remove did not restore Package.swift" >&2; exit 1; }

# Peer: SwiftPM's add-target needs a literal `targets:` array (ours is computed), so it gets a minimal package.
cat > "$peer/Package.swift" <<'MANIFEST'
// swift-tools-version: 6.2
import PackageDescription
let package = Package(name: "Peer", targets: [.target(name: "Core")])
MANIFEST
mkdir -p "$peer/Sources/Core" && echo "public enum Core {}" > "$peer/Sources/Core/Core.swift"
cp "$peer/Package.swift" "$peer/Package.swift.orig"
add_times=()
for i in $(seq $runs); do
  t0=$(now); swift package --package-path "$peer" add-target BenchFeature --type library >/dev/null 2>&1; t1=$(now)
  add_times+=("$(elapsed "$t0" "$t1")")
  rm -rf "$peer/Sources/BenchFeature"; cp "$peer/Package.swift.orig" "$peer/Package.swift"
done
add=$(printf '%s\n' "${add_times[@]}" | median)
ours_rejected="no"
swift package --package-path "$pkg" add-target Probe --type library >/dev/null 2>&1 || ours_rejected="yes"

# The smoke test's build and test steps, in a copy kept at .build/strata-smoke-bench (warm after its first run).
work="$root/.build/strata-smoke-bench"; copy="$work/package"; scratch="$work/scratch"
warm="cold (first run: dependencies too)"; [ -d "$scratch/checkouts" ] && warm="warm scratch (dependencies built)"
mkdir -p "$copy"
for entry in "$root"/* "$root"/.gitignore; do
  name="$(basename "$entry")"; case "$name" in .build*|.git|.swiftpm) continue;; esac
  cp -a -u "$entry" "$copy/"
done
sed -i '/^[[:space:]]*Feature("/d' "$copy/Package.swift"   # the foundation, the tools and the new feature only
swift package --package-path "$copy" dump-package >/dev/null 2>&1 || cp -a "$root/Package.swift" "$copy/Package.swift"
t0=$(now); "$strata" new BenchSmoke --path "$copy" >/dev/null; t1=$(now); smoke_new=$(elapsed "$t0" "$t1")
t0=$(now); swift build -j 1 --build-tests --package-path "$copy" --scratch-path "$scratch" >"$work/build.log" 2>&1 || { tail -20 "$work/build.log"; exit 1; }; t1=$(now)
build=$(elapsed "$t0" "$t1")
t0=$(now); STRATA_SKIP_SMOKE=1 swift test -j 1 --skip-build --package-path "$copy" --scratch-path "$scratch" --filter "^BenchSmoke(Entity|Repository|UseCase|Presenter|Factory|App)Tests\\." >"$work/test.log" 2>&1 || { tail -20 "$work/test.log"; exit 1; }; t1=$(now)
tests=$(elapsed "$t0" "$t1")
passed="$(grep -o 'Test run with [0-9]* tests' "$work/test.log" | head -1)"
"$strata" remove BenchSmoke --path "$copy" >/dev/null

printf '%-46s %10s  %s\n' "step" "seconds" "note"
printf '%-46s %10s  %s\n' "strata new --dry-run (median of $runs)" "$dry" "19 files rendered, conflicts checked, 1 SwiftPM read"
printf '%-46s %10s  %s\n' "strata new (median of $runs)" "$new" "19 files + record, 12 targets, SwiftPM check"
printf '%-46s %10s  %s\n' "strata remove (median of $runs)" "$remove" "hashes checked, SwiftPM check"
printf '%-46s %10s  %s\n' "swift package add-target (peer, median of $runs)" "$add" "1 target, 1 file, no dry run, no rollback"
printf '%-46s %10s  %s\n' "ratio strata new / add-target" "$(ratio "$new" "$add")" "for 12 targets instead of 1"
printf '%-46s %10s  %s\n' "ratio per target (strata/12 vs add-target)" "$(ratio "$new" "$(awk -v a="$add" 'BEGIN { printf "%.6f", a * 12 }')")" ""
printf '%-46s %10s  %s\n' "add-target on this repo's manifest fails" "$ours_rejected" "computed targets: array"
printf '%-46s %10s  %s\n' "smoke: strata new in the repo copy" "$smoke_new" ""
printf '%-46s %10s  %s\n' "smoke: swift build --build-tests" "$build" "$warm"
printf '%-46s %10s  %s\n' "smoke: swift test --filter (generated tests)" "$tests" "$passed"
