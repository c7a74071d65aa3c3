#!/usr/bin/env bash
# strata lint on five real packages, before and after swift-syntax became its one reader of Swift:
# BEFORE is strata built from bf2c5d6 (a hand lexer read imports and type headers, swift-syntax
# only the files a declaration rule left undecided); AFTER is the strata in $1 (swift-syntax
# parses every file, in parallel). Each package gets the strata.yml `strata init --dry-run`
# (AFTER) proposes, without its baseline, in a temporary copy; the manifest cache is warmed
# first, then the two binaries run alternately, median of $RUNS (5) wall times each.
# Packages: $STRATA_REAL_PACKAGES_DIR/<name> when set, else exported from the local git mirrors.
# BEFORE: $STRATA_BEFORE_BIN, else built once into .build-bench-before/ (a git worktree of bf2c5d6);
# STRATA_BEFORE_BIN=none leaves BEFORE out (its columns print "-").
# AFTER's source cache: "after s" is a warm run (nothing changed since the run before), "cold s"
# a --no-cache run (every file parsed, the manifest evaluated), "floor s" StrataParseFloor
# parsing the Swift files under Sources and Tests on both cores and nothing else ($STRATA_PARSE_FLOOR,
# else built in release); the findings of warm, cold and BEFORE are compared line by line.
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

floor="${STRATA_PARSE_FLOOR:-}"
if [ -z "$floor" ]; then
  swift build -c release --static-swift-stdlib --package-path "$root/Tools/strata" --product StrataParseFloor >&2 \
    || { echo "lint-real bench: could not build StrataParseFloor" >&2; exit 1; }
  floor="$(swift build -c release --static-swift-stdlib --package-path "$root/Tools/strata" --show-bin-path)/StrataParseFloor"
fi
before="${STRATA_BEFORE_BIN:-$root/.build-bench-before/strata-$base}"
if [ "$before" = none ]; then
  echo "lint-real bench: BEFORE left out (STRATA_BEFORE_BIN=none)" >&2
elif [ ! -x "$before" ]; then
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

printf '%-30s %6s %9s %9s %7s %15s %-10s %8s %8s %7s %s\n' "package" "files" "before s" "after s" "ratio" "errors b/a" "findings" \
  "cold s" "floor s" "c/floor" "warm/cold/off"
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
  [ "$before" = none ] || "$before" lint --quiet --path "$dir" >/dev/null 2>&1 || true  # warms the manifest cache
  "$after" lint --quiet --path "$dir" >/dev/null 2>&1 || true  # and the source cache
  b=() a=() c=() f=()
  before_errors=- before_status=-
  for _ in $(seq "$runs"); do
    if [ "$before" != none ]; then
      b+=("$(once "$before" lint --quiet --path "$dir")"); before_errors=$(errors) before_status=$(cat "$work/status")
      findings "$work/before.findings"
    fi
    a+=("$(once "$after" lint --quiet --path "$dir")"); after_errors=$(errors) after_status=$(cat "$work/status")
    findings "$work/after.findings"
    c+=("$(once "$after" lint --quiet --no-cache --path "$dir")")
    findings "$work/cold.findings"
    f+=("$(cd "$dir" && once "$floor" $(ls -d Sources Tests 2>/dev/null))")
  done
  ta=$(printf '%s\n' "${a[@]}" | median) tc=$(printf '%s\n' "${c[@]}" | median) tf=$(printf '%s\n' "${f[@]}" | median)
  files=$(find "$dir" -name '*.swift' -not -path '*/.build/*' | wc -l)
  if [ "$before" != none ]; then
    tb=$(printf '%s\n' "${b[@]}" | median)
    differ=$(comm -3 "$work/before.findings" "$work/after.findings" | wc -l)
    same=$([ "$differ" -eq 0 ] && echo "identical" || echo "$differ differ")
    tbs=$(printf '%.3f' "$tb") rs=$(printf '%.2fx' "$(echo "scale=3; $ta / $tb" | bc)")
  else
    differ=0 same=- tbs=- rs=-
  fi
  # The findings of a cold run after the warm ones, and of the cache off, against the warm run's.
  "$after" lint --quiet --path "$dir" >"$work/out" 2>/dev/null || true; findings "$work/warm.findings"
  cold_differ=$(comm -3 "$work/warm.findings" "$work/cold.findings" | wc -l)
  cache_same=$([ "$cold_differ" -eq 0 ] && cmp -s "$work/warm.findings" "$work/after.findings" && echo "identical" || echo "DIFFER")
  printf '%-30s %6s %9s %9.3f %7s %15s %-10s %8.3f %8.3f %6.2fx %s\n' "$name" "$files" "$tbs" "$ta" "$rs" \
    "$before_errors/$after_errors (exit $before_status/$after_status)" "$same" "$tc" "$tf" \
    "$(echo "scale=3; $tc / $tf" | bc)" "$cache_same"
  [ "$differ" -eq 0 ] || comm -3 "$work/before.findings" "$work/after.findings" | head -5 | sed 's/^/  /'
  [ "$cold_differ" -eq 0 ] || comm -3 "$work/warm.findings" "$work/cold.findings" | head -5 | sed 's/^/  /'
done
echo "ratio: after / before wall time (below 1 is faster); median of $runs alternating runs; before = $base"
echo "findings: the two binaries' error and warning lines compared one by one (the first differing ones shown)"
echo "cold: strata lint --no-cache; floor: StrataParseFloor on Sources and Tests; c/floor: cold / floor (target <= 1.3x)"
echo "warm/cold/off: AFTER's findings with the source cache warm, cold and off compared line by line"
echo "target: swift-package-manager warm (after s) < 0.15 s"
[ "$before" != none ] || exit 0

# The 8,000-file tree of lint.sh, with import-linter, for the BEFORE binary (bench.sh runs it
# for the AFTER one as the `lint` bench).
echo "-- lint.sh with strata at $base --"
mkdir -p "$work/before-bin"
ln -sf "$before" "$work/before-bin/strata"
bash "$(dirname "$0")/lint.sh" "$work/before-bin"
