#!/usr/bin/env bash
# strata lint --fix on the largest real package at hand: swift-package-manager (90 targets, about
# 1,800 Swift files), from a bare git dir (SWIFTPM_GIT; skipped when absent). The copy is mutated
# (PackageModel no longer declares Basics, which it imports; LLBuildManifest declares
# PackageModel, which it does not import) and given a strata.yml by `strata init`, whose baseline
# holds the package's own findings; --fix settles every dependency finding, baselined or not.
# Each run starts from a fresh copy with the manifest cache warm, and times `--fix --dry-run`
# (lint, plan, diff) and `--fix` (lint, edit, dump-package check, lint again). The last run's
# result is checked: dump-package reads it and a second --fix changes nothing.
# Usage: lint-fix.sh <release-bin-dir>
set -euo pipefail
bin="$1"
strata="$(cd "$bin" 2>/dev/null && pwd)/strata"
runs="${RUNS:-5}"
repo="${SWIFTPM_GIT:-/work/.mirror/swiftlang+swift-package-manager/repo}"
[ -x "$strata" ] || { echo "lint-fix bench: $strata not found; run swift build -c release first" >&2; exit 1; }
if ! git --git-dir="$repo" rev-parse -q --verify HEAD >/dev/null 2>&1; then
  echo "lint-fix bench: skipped: no swift-package-manager git dir at $repo; set SWIFTPM_GIT"
  exit 0
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir "$work/pristine"
git --git-dir="$repo" archive HEAD | tar -x -C "$work/pristine"
python3 - "$work/pristine/Package.swift" <<'PY'
import sys
path = sys.argv[1]
text = open(path).read()
for old, new in [
    ('name: "PackageModel",\n            dependencies: ["Basics"],', 'name: "PackageModel",\n            dependencies: [],'),
    ('name: "LLBuildManifest",\n            dependencies: ["Basics"],',
     'name: "LLBuildManifest",\n            dependencies: ["Basics", "PackageModel"],'),
]:
    if old not in text:
        sys.exit(f"lint-fix bench: swift-package-manager's manifest changed; update the mutation ({old!r})")
    text = text.replace(old, new)
open(path, "w").write(text)
PY
"$strata" init --path "$work/pristine" >/dev/null 2>&1
"$strata" lint --path "$work/pristine" >/dev/null 2>&1 || true  # warms the manifest cache
files=$(find "$work/pristine" -name '*.swift' | wc -l | tr -d ' ')

seconds() { python3 -c 'import sys,time,subprocess; s=time.perf_counter(); r=subprocess.run(sys.argv[1:],stdout=subprocess.DEVNULL,stderr=subprocess.DEVNULL); print(f"{time.perf_counter()-s:.3f} {r.returncode}")' "$@"; }
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

dry=() fix=() exits=""
for _ in $(seq "$runs"); do
  rm -rf "$work/run" && cp -a "$work/pristine" "$work/run"
  read -r t e < <(seconds "$strata" lint --fix --dry-run --path "$work/run"); dry+=("$t"); exits="$exits dry:$e"
  read -r t e < <(seconds "$strata" lint --fix --path "$work/run"); fix+=("$t"); exits="$exits fix:$e"
done
changed=$(diff "$work/pristine/Package.swift" "$work/run/Package.swift" | grep -c '^[<>]' || true)
swift package --package-path "$work/run" dump-package >/dev/null 2>&1 && dump="reads it" || dump="FAILS"
cp "$work/run/Package.swift" "$work/fixed.swift"
"$strata" lint --fix --path "$work/run" >/dev/null 2>&1 || true
cmp -s "$work/fixed.swift" "$work/run/Package.swift" && second="no change" || second="CHANGED"
echo "lint --fix bench: swift-package-manager ($(git --git-dir="$repo" rev-parse --short HEAD)), $files Swift files; median of $runs runs, wall seconds"
printf '%-44s %8s\n' "strata lint --fix --dry-run" "$(printf '%s\n' "${dry[@]}" | median)"
printf '%-44s %8s\n' "strata lint --fix (edit, dump-package, lint)" "$(printf '%s\n' "${fix[@]}" | median)"
echo "exit codes:$exits (1: findings that need a person remain)"
echo "Package.swift: $changed diff lines; dump-package $dump; a second --fix: $second"
