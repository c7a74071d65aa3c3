#!/usr/bin/env bash
# The prebuilt plugin beside the source-built one, in the same fresh adopter package (targets
# Core, Database, HTTPClient, AppSupport, Lib): the first `swift package strata lint` with an
# empty scratch folder, a warm run, and how many packages each resolves and clones.
# - by path: `.package(path: <repo>/Tools/strata)`; the first run builds strata and its dependencies.
# - bundle: `.package(path: <repo>/Tools/strata-plugin)`; the first run compiles only the plugin
#   and runs the prebuilt binary from the artifact bundle (written here from STRATA_BIN_DIR when
#   missing or older than the binary, as `make artifactbundle` does).
# SwiftPM's shared repository cache (~/.cache/org.swift.swiftpm) stays warm, as on a developer's
# machine; a first run in CI would also fetch, so the gap there is wider.
# Usage: plugin.sh STRATA_BIN_DIR   (a release strata: swift build -c release --static-swift-stdlib --product strata)
set -euo pipefail
bin="$1"
strata="$(cd "$bin" 2>/dev/null && pwd)/strata"
repo="$(cd "$(dirname "$0")/../../.." && pwd)"
source_package="${STRATA_SOURCE_PACKAGE:-$repo/Tools/strata}"  # another checkout's, to compare
runs="${RUNS:-5}"
[ -x "$strata" ] || { echo "plugin bench: $strata not found; run swift build -c release first" >&2; exit 1; }
binaries="$repo/Tools/strata-plugin/Binaries"
if [ ! -f "$binaries/strata.artifactbundle/info.json" ] || [ "$strata" -nt "$binaries/strata.artifactbundle/info.json" ]; then
  "$repo/Tools/Scripts/artifactbundle.sh" "$bin" "$binaries" >/dev/null
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# One adopter per plugin, the same sources; strata.yml accepts them as they are.
adopter() {
  local dir="$work/$1" dependency="$2"
  mkdir -p "$dir/Sources"/{Core,Database,HTTPClient,AppSupport,Lib}
  cat > "$dir/Package.swift" <<SWIFT
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Adopter",
    dependencies: [.package(path: "$dependency")],
    targets: [
        .target(name: "Core"),
        .target(name: "Database", dependencies: ["Core"]),
        .target(name: "HTTPClient", dependencies: ["Core"]),
        .target(name: "AppSupport", dependencies: ["Core"]),
        .target(name: "Lib", dependencies: ["Core", "Database", "HTTPClient", "AppSupport"]),
    ]
)
SWIFT
  echo 'public struct Core { public init() {} }' > "$dir/Sources/Core/Core.swift"
  for target in Database HTTPClient AppSupport; do
    printf 'import Core\n\npublic struct %s { public let core = Core() }\n' "$target" > "$dir/Sources/$target/$target.swift"
  done
  printf 'import AppSupport\nimport Core\nimport Database\nimport HTTPClient\n\npublic struct Lib {}\n' > "$dir/Sources/Lib/Lib.swift"
  "$strata" init --path "$dir" >/dev/null 2>&1
}

# One `swift package strata lint` in an adopter: prints its wall time; its exit status goes to
# $work/status and its output to $work/<adopter>.log.
once() {
  local name="$1" start end
  start=$(date +%s.%N)
  set +e
  (cd "$work/$name" && swift package --scratch-path "$work/$name-scratch" strata lint) >"$work/$name.log" 2>&1
  echo $? >"$work/status"
  set -e
  end=$(date +%s.%N)
  echo "$end - $start" | bc
}
median() { sort -n | sed -n "$(( (runs + 1) / 2 ))p"; }
ratio() { echo "scale=1; $1 / $2" | bc; }
# Modules the first run compiled (the plugin's, and the tool's when built from source).
compiled() { { grep -o 'Compiling [A-Za-z_]*' "$work/$1.log" || true; } | sort -u | wc -l; }
cloned() { find "$work/$1-scratch/checkouts" -mindepth 1 -maxdepth 1 2>/dev/null | wc -l; }
resolved() { (cd "$work/$1" && swift package --scratch-path "$work/$1-scratch" show-dependencies --format flatlist 2>/dev/null | grep -c . || true); }
seconds() { printf '%.3f' "$1"; }
row() { printf '%-44s %8s %5s %9s %7s %9s %s\n' "$@"; }

names=(bundle)
adopter bundle "$repo/Tools/strata-plugin"
if [ -f "$source_package/Package.swift" ]; then
  names=(source bundle)
  adopter source "$source_package"
else
  echo "plugin bench: no $source_package/Package.swift yet; measuring the bundle alone"
fi

declare -A first first_s warm warm_s modules clones deps
for name in "${names[@]}"; do
  first[$name]=$(once "$name"); first_s[$name]=$(cat "$work/status")
  modules[$name]=$(compiled "$name"); clones[$name]=$(cloned "$name"); deps[$name]=$(resolved "$name")
done
# Warm runs alternate between the two, as this machine's speed drifts.
declare -A times
for _ in $(seq "$runs"); do
  for name in "${names[@]}"; do times[$name]+="$(once "$name") "; warm_s[$name]=$(cat "$work/status"); done
done
for name in "${names[@]}"; do warm[$name]=$(printf '%s\n' ${times[$name]} | median); done

echo "plugin bench: swift package strata lint in a 5-target adopter; warm = median of $runs runs, seconds"
row "swift package strata lint" "seconds" "exit" "compiled" "cloned" "resolved" "vs by path"
label_source="by path (builds strata)"
label_bundle="artifact bundle (prebuilt)"
for name in "${names[@]}"; do
  label="label_$name"
  vs="1.0x"
  if [ "$name" = bundle ] && [ -n "${first[source]:-}" ]; then vs="$(ratio "${first[source]}" "${first[bundle]}")x faster"; fi
  row "first run, ${!label}" "$(seconds "${first[$name]}")" "${first_s[$name]}" "${modules[$name]}" "${clones[$name]}" "${deps[$name]}" "$vs"
done
for name in "${names[@]}"; do
  label="label_$name"
  vs="1.0x"
  if [ "$name" = bundle ] && [ -n "${warm[source]:-}" ]; then vs="$(ratio "${warm[source]}" "${warm[bundle]}")x faster"; fi
  row "warm run, ${!label}" "$(seconds "${warm[$name]}")" "${warm_s[$name]}" "-" "-" "-" "$vs"
done
strata_modules=$({ grep -Eo 'Compiling Strata(Lint|Scaffold|CLI)' "$work/bundle.log" || true; } | wc -l)
verdict="met"
if [ "$strata_modules" -ne 0 ] || [ "${clones[bundle]}" -ne 0 ] || [ "$(echo "${first[bundle]} >= 10" | bc)" -eq 1 ]; then
  verdict="NOT met"
fi
echo "target: the bundle's first run compiles no strata module, clones no package, under 10 s: $verdict"
