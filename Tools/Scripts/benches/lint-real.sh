#!/usr/bin/env bash
# strata lint on five real packages, before and after swift-syntax became its one reader of Swift:
# BEFORE is strata built from bf2c5d6 (a hand lexer read imports and type headers, swift-syntax
# only the files a declaration rule left undecided); AFTER is the strata in $1 (swift-syntax
# parses every file, in parallel). Each package gets the strata.yml `strata init --dry-run`
# (AFTER) proposes, without its baseline, in a temporary copy; the manifest cache is warmed
# first, then the two binaries run alternately, median of $RUNS (5) wall times each.
# Packages: $STRATA_REAL_PACKAGES_DIR/<name> when set, else exported from the local git mirrors.
# BEFORE: $STRATA_BEFORE_BIN, else built once into .build-bench-before/ (a git worktree of bf2c5d6).
# Usage: lint-real.sh <release-bin-dir>
set -euo pipefail
bin="$1"
after="$(cd "$bin" 2>/dev/null && pwd)/strata"
runs="${RUNS:-5}"
base=bf2c5d6
root="$(cd "$(dirname "$0")/../../.." && pwd)"
[ -x "$after" ] || { echo "lint-real bench: $after not found; run swift build -c release first" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

before="${STRATA_BEFORE_BIN:-$root/.build-bench-before/strata-$base}"
if [ ! -x "$before" ]; then
  echo "lint-real bench: building strata at $base (once, into .build-bench-before/)" >&2
  source="$work/strata-$base"
  git -C "$root" worktree add --quiet --detach "$source" "$base"
  swift build -c release --package-path "$source/Tools/strata" --product strata \
    --scratch-path "$root/.build-bench-before/build" >&2
  cp "$root/.build-bench-before/build/release/strata" "$before"
  git -C "$root" worktree remove --force "$source"
fi

# name, then the git directory and revision it is exported from when no folder is given.
packages=(
  "isowords /work/.mirror/pointfreeco+isowords/repo HEAD"
  "swift-composable-architecture /work/.mirror/pointfreeco+swift-composable-architecture/repo HEAD"
  "swift-package-manager /work/.mirror/swiftlang+swift-package-manager/repo HEAD"
  "vapor /opt/swift-packages/vapor/vapor.git 4.122.3"
  "hummingbird /opt/swift-packages/hummingbird-project/hummingbird.git 2.28.1"
)

median() { sort -n | sed -n "$(( (runs + 1) / 2 ))p"; }
# One run: prints its wall time; the exit status goes to $work/status, stdout to $work/out.
once() {
  local start end
  start=$(date +%s.%N)
  set +e; "$@" >"$work/out" 2>"$work/err"; echo $? >"$work/status"; set -e
  end=$(date +%s.%N)
  echo "$end - $start" | bc
}
errors() { grep -c ': error: ' "$work/out" || true; }
# The findings of the last run, one a line, sorted: the two binaries are compared finding by finding.
findings() { grep -E ': (error|warning): ' "$work/out" | sort >"$1" || true; }

printf '%-30s %6s %9s %9s %7s %15s %s\n' "package" "files" "before s" "after s" "ratio" "errors b/a" "findings"
for entry in "${packages[@]}"; do
  read -r name git revision <<<"$entry"
  dir="$work/$name"
  if [ -n "${STRATA_REAL_PACKAGES_DIR:-}" ]; then
    [ -f "$STRATA_REAL_PACKAGES_DIR/$name/Package.swift" ] \
      || { echo "$name: skipped, no $STRATA_REAL_PACKAGES_DIR/$name/Package.swift"; continue; }
    cp -R "$STRATA_REAL_PACKAGES_DIR/$name" "$dir"
  else
    [ -d "$git" ] || { echo "$name: skipped, no git mirror at $git"; continue; }
    mkdir -p "$dir"
    git --git-dir="$git" archive "$revision" | tar -x -C "$dir"
  fi
  rm -f "$dir/strata.yml"
  # The proposed rules, without the baseline a dry run does not write: every violation is reported.
  if ! "$after" init --dry-run --path "$dir" 2>"$work/err" | sed '/^baseline:/d' >"$work/$name.yml"; then
    echo "$name: skipped, strata init failed: $(head -1 "$work/err")"
    continue
  fi
  cp "$work/$name.yml" "$dir/strata.yml"
  "$before" lint --quiet --path "$dir" >/dev/null 2>&1 || true  # warms the manifest cache
  "$after" lint --quiet --path "$dir" >/dev/null 2>&1 || true
  b=() a=()
  for _ in $(seq "$runs"); do
    b+=("$(once "$before" lint --quiet --path "$dir")"); before_errors=$(errors) before_status=$(cat "$work/status")
    findings "$work/before.findings"
    a+=("$(once "$after" lint --quiet --path "$dir")"); after_errors=$(errors) after_status=$(cat "$work/status")
    findings "$work/after.findings"
  done
  tb=$(printf '%s\n' "${b[@]}" | median) ta=$(printf '%s\n' "${a[@]}" | median)
  files=$(find "$dir" -name '*.swift' -not -path '*/.build/*' | wc -l)
  differ=$(comm -3 "$work/before.findings" "$work/after.findings" | wc -l)
  same=$([ "$differ" -eq 0 ] && echo "identical" || echo "$differ differ")
  printf '%-30s %6s %9.3f %9.3f %6.2fx %15s %s\n' "$name" "$files" "$tb" "$ta" "$(echo "scale=3; $ta / $tb" | bc)" \
    "$before_errors/$after_errors (exit $before_status/$after_status)" "$same"
  [ "$differ" -eq 0 ] || comm -3 "$work/before.findings" "$work/after.findings" | head -5 | sed 's/^/  /'
done
echo "ratio: after / before wall time (below 1 is faster); median of $runs alternating runs; before = $base"
echo "findings: the two binaries' error and warning lines compared one by one (the first differing ones shown)"

# The 8,000-file tree of lint.sh, with import-linter, for the BEFORE binary (bench.sh runs it
# for the AFTER one as the `lint` bench).
echo "-- lint.sh with strata at $base --"
mkdir -p "$work/before-bin"
ln -sf "$before" "$work/before-bin/strata"
bash "$(dirname "$0")/lint.sh" "$work/before-bin"
