#!/usr/bin/env bash
# strata lint vs import-linter on the same shape: 200 features x 4 layers x 10 files.
# Swift: 800 targets, 8,000 files, a layer rule per feature and feature independence (strata.yml).
# Python: the same modules as a package (9,001 files with the __init__.py files), one layers
# contract over the 200 feature containers and one independence contract (.importlinter).
# The Swift tree is measured with two manifests declaring the same 800 targets: a declarative one
# (every target written out, as generated or hand-kept manifests are) and a computed one
# (`features.flatMap { ... }`); strata reads both through SwiftPM's dump-package and its cache.
# Each tool runs with its default cache warm (import-linter's .import_linter_cache, strata's
# dump-package cache under .build/strata/) and with caches off (import-linter --no-cache,
# strata --no-cache; SwiftPM's own manifest cache stays warm). A changed manifest (both caches
# miss) is reported apart, and so is strata's own work on a saved dump-package output, and
# `strata init` on the same tree.
# The source cache (.build/strata/sources-*.cache): a warm run with nothing changed against
# import-linter's warm run; a cold run (--no-cache, with a saved dump and with the manifest
# evaluated, then with declaration rules, which walk every file whole) against the floor,
# StrataParseFloor (Tools/strata: read and parse every file on every core, nothing else; built
# here in release); and one file edited in a 1,000-file package.
# Usage: lint.sh <release-bin-dir>
set -euo pipefail
bin="$1"
strata="$(cd "$bin" 2>/dev/null && pwd)/strata"
runs="${RUNS:-5}"
[ -x "$strata" ] || { echo "lint bench: $strata not found; run swift build -c release first" >&2; exit 1; }
if ! command -v lint-imports >/dev/null 2>&1; then
  python3 -m pip install --quiet --disable-pip-version-check import-linter >/dev/null 2>&1 \
    || { echo "lint bench: could not pip install import-linter" >&2; exit 1; }
fi
root="$(cd "$(dirname "$0")/../../.." && pwd)"
floor="${STRATA_PARSE_FLOOR:-}"
if [ -z "$floor" ]; then
  swift build -c release --static-swift-stdlib --package-path "$root/Tools/strata" --product StrataParseFloor >&2 \
    || { echo "lint bench: could not build StrataParseFloor" >&2; exit 1; }
  floor="$(swift build -c release --static-swift-stdlib --package-path "$root/Tools/strata" --show-bin-path)/StrataParseFloor"
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

python3 - "$work" <<'PY'
import os, sys
root = sys.argv[1]
features = [f"F{i:03d}" for i in range(200)]
layers = ["Entity", "Repository", "UseCase", "Presenter"]
uses = {"Entity": [], "Repository": ["Entity"], "UseCase": ["Repository", "Entity"], "Presenter": ["UseCase", "Entity"]}
body = '''
/// A value of layer {layer}, file {n}.
public {kind} {layer}Value{n}: Sendable, Equatable {{
    public var id: Int
    public var name: String  // a name such as "import Nothing" must not count
    public init(id: Int, name: String) {{ self.id = id; self.name = name }}
    public func describe() -> String {{ "\\(name) #\\(id)" }}
    /* A longer comment, as real files have.
       It spans lines and mentions import Nowhere. */
    public func total(_ values: [Int]) -> Int {{ values.reduce(0, +) + id }}
}}
'''
pybody = '''

class {layer}Value{n}:
    """A value of layer {layer}, file {n}; mentions import nothing."""

    def __init__(self, id, name):
        self.id = id
        self.name = name  # a name such as "import nothing" must not count

    def describe(self):
        return f"{{self.name}} #{{self.id}}"

    def total(self, values):
        return sum(values) + self.id
'''
swift = os.path.join(root, "swift")
os.makedirs(swift)
with open(os.path.join(root, "computed.swift"), "w") as f:
    f.write('''// swift-tools-version: 6.0
import PackageDescription

let features = (0..<200).map { "F" + String(repeating: "0", count: 3 - String($0).count) + String($0) }
let uses: [String: [String]] = ["Entity": [], "Repository": ["Entity"], "UseCase": ["Repository", "Entity"], "Presenter": ["UseCase", "Entity"]]
let package = Package(
    name: "Bench",
    targets: features.flatMap { feature in
        ["Entity", "Repository", "UseCase", "Presenter"].map { layer in
            Target.target(name: feature + layer, dependencies: (uses[layer] ?? []).map { .target(name: feature + $0) }, path: "Sources/\\(feature)/\\(layer)")
        }
    }
)
// nonce
''')
with open(os.path.join(root, "declarative.swift"), "w") as f:
    f.write('// swift-tools-version: 6.0\nimport PackageDescription\n\nlet package = Package(\n    name: "Bench",\n    targets: [\n')
    for feature in features:
        for layer in layers:
            deps = ", ".join(f'"{feature}{u}"' for u in uses[layer])
            f.write(f'        .target(name: "{feature}{layer}", dependencies: [{deps}], path: "Sources/{feature}/{layer}"),\n')
    f.write('    ]\n)\n// nonce\n')
with open(os.path.join(swift, "strata.yml"), "w") as f:
    f.write('''version: 1
features: {independent: true, minimum: 200}
layers:
  - {name: entity, targets: ["{feature}Entity"]}
  - {name: repository, targets: ["{feature}Repository"], may_use: [entity]}
  - {name: usecase, targets: ["{feature}UseCase"], may_use: [repository, entity]}
  - {name: presenter, targets: ["{feature}Presenter"], may_use: [usecase, entity]}
''')
py = os.path.join(root, "python")
pkg = os.path.join(py, "bench_pkg")
os.makedirs(pkg)
open(os.path.join(pkg, "__init__.py"), "w").close()
for feature in features:
    os.makedirs(os.path.join(pkg, feature.lower()))
    open(os.path.join(pkg, feature.lower(), "__init__.py"), "w").close()
    for layer in layers:
        folder = os.path.join(swift, "Sources", feature, layer)
        os.makedirs(folder)
        pfolder = os.path.join(pkg, feature.lower(), layer.lower())
        os.makedirs(pfolder)
        open(os.path.join(pfolder, "__init__.py"), "w").close()
        for n in range(10):
            imports = "import Foundation\n" + "".join(f"import {feature}{u}\n" for u in uses[layer])
            with open(os.path.join(folder, f"File{n}.swift"), "w") as f:
                # Presenters are classes, as real ones are: a declaration rule must parse them.
                kind = "final class" if layer == "Presenter" else "struct"
                f.write(imports + body.format(layer=layer, n=n, kind=kind))
            pimports = "import os\n" + "".join(f"from bench_pkg.{feature.lower()}.{u.lower()} import m{n}\n" for u in uses[layer])
            with open(os.path.join(pfolder, f"m{n}.py"), "w") as f:
                f.write(pimports + pybody.format(layer=layer, n=n))
with open(os.path.join(py, ".importlinter"), "w") as f:
    f.write("[importlinter]\nroot_package = bench_pkg\ninclude_external_packages = False\n\n")
    f.write("[importlinter:contract:layers]\nname = Layers within each feature\ntype = layers\nlayers =\n    presenter\n    usecase\n    repository\n    entity\ncontainers =\n")
    f.write("".join(f"    bench_pkg.{x.lower()}\n" for x in features))
    f.write("\n[importlinter:contract:independence]\nname = Features are independent\ntype = independence\nmodules =\n")
    f.write("".join(f"    bench_pkg.{x.lower()}\n" for x in features))
PY

swift_dir="$work/swift" py_dir="$work/python"
manifest() { cp "$work/$1.swift" "$swift_dir/Package.swift"; }
nonce() { sed -i "s|^// nonce.*|// nonce $RANDOM$RANDOM$(date +%N)|" "$swift_dir/Package.swift"; }
median() { sort -n | sed -n "$(( (runs + 1) / 2 ))p"; }
# one run of a command in a folder: prints its wall time; its exit status goes to $work/status
once() {
  local dir="$1" start end; shift
  start=$(date +%s.%N)
  set +e; (cd "$dir" && "$@") >"$work/out" 2>"$work/err"; echo $? >"$work/status"; set -e
  end=$(date +%s.%N)
  echo "$end - $start" | bc
}
# The commands in arrays A and B (each: folder, then the command), run alternately for $runs
# rounds, as this machine's speed drifts: medians in $ta and $tb, last exit statuses in $sa and $sb.
pair() {
  local a=() b=()
  for _ in $(seq "$runs"); do
    a+=("$(once "${A[@]}")"); sa=$(cat "$work/status")
    b+=("$(once "${B[@]}")"); sb=$(cat "$work/status")
  done
  ta=$(printf '%s\n' "${a[@]}" | median); tb=$(printf '%s\n' "${b[@]}" | median)
}
# Where strata's last run read the manifest from, as its summary line says: read, cached, evaluated.
source_of() { "$strata" lint --path "$swift_dir" "$@" 2>&1 >/dev/null | sed -n "s/.*manifest [0-9.]* s (\\([a-z]*\\).*/\\1/p"; }
ratio() { echo "scale=1; $1 / $2" | bc; }
row() { printf '%-64s %9.3f %6s %s\n' "$@"; }

manifest computed
( cd "$swift_dir" && swift package dump-package > "$work/package.json" )
files=$(find "$swift_dir/Sources" -name '*.swift' | wc -l)
pyfiles=$(find "$py_dir" -name '*.py' | wc -l)
(cd "$py_dir" && lint-imports >/dev/null 2>&1 || true)  # fills import-linter's cache
"$strata" lint --quiet --path "$swift_dir" >/dev/null 2>&1 || true  # fills strata's manifest cache

# Caches warm, then caches off; each strata run alternates with import-linter's.
declare -a A B
manifest declarative
A=("$swift_dir" "$strata" lint --quiet); B=("$py_dir" lint-imports); pair
warm_decl=$ta warm_decl_s=$sa linter_warm=$tb linter_warm_s=$sb decl_source=$(source_of)
manifest computed
pair; warm_comp=$ta warm_comp_s=$sa linter_warm2=$tb comp_source=$(source_of)
manifest declarative
A=("$swift_dir" "$strata" lint --quiet --no-cache); B=("$py_dir" lint-imports --no-cache); pair
off_decl=$ta off_decl_s=$sa linter_off=$tb linter_off_s=$sb off_decl_source=$(source_of --no-cache)
manifest computed
pair; off_comp=$ta off_comp_s=$sa linter_off2=$tb off_comp_source=$(source_of --no-cache)
A=("$swift_dir" "$strata" lint --quiet --package-json "$work/package.json"); B=("$py_dir" lint-imports --no-cache); pair
saved=$ta saved_s=$sa linter_off3=$tb

# A changed manifest: every run edits Package.swift first, so SwiftPM's cache and strata's miss.
changed() {
  local times=()
  for _ in $(seq "$1"); do nonce; times+=("$(once "$swift_dir" "${@:2}")"); done
  printf '%s\n' "${times[@]}" | sort -n | sed -n "$(( ($1 + 1) / 2 ))p"
}
manifest declarative
changed_decl=$(changed "$runs" "$strata" lint --quiet)
manifest computed
changed_comp=$(changed 1 "$strata" lint --quiet)
manifest_cold=$(changed "$runs" swift package dump-package)
manifest_warm=$(for _ in $(seq "$runs"); do once "$swift_dir" swift package dump-package; done | median)

manifest declarative
init_decl=$(for _ in $(seq "$runs"); do once "$swift_dir" "$strata" init --dry-run; done | median)
init_status=$(cat "$work/status")
init_layers=$(grep -c '^  - name:' "$work/out" || true)
manifest computed
"$strata" init --dry-run >/dev/null 2>&1 --path "$swift_dir" || true
init_comp=$(for _ in $(seq "$runs"); do once "$swift_dir" "$strata" init --dry-run; done | median)
init_nocache=$(for _ in $(seq "$runs"); do once "$swift_dir" "$strata" init --dry-run --no-cache; done | median)

# Declaration rules on top of the same rules: entities are values, use cases reach for no file
# or clock, no mutable global state, presenters give back no repository type and are final,
# Sendable classes. Every file is parsed either way (swift-syntax is the one reader); the rules
# add their checks. Warm, alternating with import-linter (imports only). Then a rule every
# presenter breaks (none is @Observable), which gives the reader's throughput.
cp "$swift_dir/strata.yml" "$work/strata-decl.yml"
cat >> "$work/strata-decl.yml" <<'YML'
declarations:
  - {id: values, in: [entity], require: {kind: [struct, enum, protocol]}, reason: entities are values}
  - {id: no-io, in: [usecase, entity], forbid: {references: [FileManager, FileHandle, "Date()", print]}, reason: no I/O}
  - {id: no-globals, in: [entity, repository, usecase, presenter], forbid: {mutable_state: true}, reason: no globals}
  - {id: facade, in: [presenter], forbid: {public_types_from: [repository]}, reason: view data only}
  - {id: final, in: [presenter], select: {kind: class}, require: {final: true, sendable: true}, reason: shared presenters}
YML
cp "$work/strata-decl.yml" "$work/strata-broken.yml"
echo '  - {id: observable, in: [presenter], select: {kind: class}, require: {attributes: ["@Observable"]}, reason: views observe}' \
  >> "$work/strata-broken.yml"
manifest declarative
A=("$swift_dir" "$strata" lint --quiet --config "$work/strata-decl.yml"); B=("$py_dir" lint-imports); pair
decl_on=$ta decl_on_s=$sa linter_warm4=$tb
A=("$swift_dir" "$strata" lint --quiet); pair
decl_off=$ta linter_warm5=$tb
A=("$swift_dir" "$strata" lint --quiet --config "$work/strata-broken.yml"); pair
decl_parse=$ta decl_parse_s=$sa linter_warm6=$tb
# Files parsed: every file where swift-syntax is the one reader (a strata with --platform),
# else what the summary says (nothing when none was).
parsed_of() {
  local summary
  summary=$("$strata" lint --path "$swift_dir" --config "$1" 2>&1 >/dev/null || true)
  if [ "$(sed -n 's/.*(\([0-9]*\) parsed).*/\1/p' <<<"$summary")" != "" ]; then
    sed -n 's/.*(\([0-9]*\) parsed).*/\1/p' <<<"$summary"
  elif "$strata" lint --help 2>&1 | grep -q -- --platform; then
    sed -n 's/.* \([0-9]*\) files.*/\1/p' <<<"$summary"
  else
    sed -n 's/.*files (\([0-9]*\) parsed).*/\1/p' <<<"$summary"
  fi
}
parsed=$(parsed_of "$work/strata-decl.yml") parsed_broken=$(parsed_of "$work/strata-broken.yml")
parsed=${parsed:-0} parsed_broken=${parsed_broken:-0}

# One violation planted in each: an entity importing its feature's repository. The declarative
# read must find exactly what SwiftPM's own description finds.
sed -i '1a import F007Repository' "$swift_dir/Sources/F007/Entity/File3.swift"
sed -i '1a from bench_pkg.f007.repository import m3' "$py_dir/bench_pkg/f007/entity/m3.py"
manifest declarative
A=("$swift_dir" "$strata" lint --quiet); B=("$py_dir" lint-imports --no-cache); pair
bad=$ta bad_s=$sa linter_bad=$tb linter_bad_s=$sb
(cd "$swift_dir" && "$strata" lint --quiet > "$work/read.txt" 2>&1 || true)
(cd "$swift_dir" && "$strata" lint --quiet --package-json "$work/package.json" > "$work/saved.txt" 2>&1 || true)
bad_findings=$(grep -c ': error: ' "$work/read.txt" || true)
same=$(cmp -s "$work/read.txt" "$work/saved.txt" && echo "same as from SwiftPM's dump" || echo "DIFFERENT from SwiftPM's dump")

# The source cache. The tree is clean again; its cache is warm from the runs above.
sed -i '/^import F007Repository$/d' "$swift_dir/Sources/F007/Entity/File3.swift"
sed -i '/^from bench_pkg.f007.repository import m3$/d' "$py_dir/bench_pkg/f007/entity/m3.py"
manifest declarative
"$strata" lint --quiet --path "$swift_dir" >/dev/null 2>&1 || true
parsed_warm=$("$strata" lint --path "$swift_dir" 2>&1 >/dev/null | sed -n 's/.*(\([0-9]*\) parsed).*/\1/p')
A=("$swift_dir" "$strata" lint --quiet); B=("$py_dir" lint-imports); pair
cache_warm=$ta cache_warm_s=$sa linter_warm7=$tb
# Cold: every file parsed, from a saved dump (no manifest) and with the manifest evaluated; the
# floor parses the same files and nothing else.
A=("$swift_dir" "$strata" lint --quiet --no-cache --package-json "$work/package.json"); B=("$swift_dir" "$floor" Sources); pair
cold_saved=$ta cold_saved_s=$sa floor_time=$tb floor_files=$(sed -n 's/parsed \([0-9]*\) files.*/\1/p' "$work/out")
A=("$swift_dir" "$strata" lint --quiet --no-cache); pair
cold_eval=$ta floor_time2=$tb
# Rules that read declarations walk every file whole; the rules above read imports alone.
A=("$swift_dir" "$strata" lint --quiet --no-cache --package-json "$work/package.json" --config "$work/strata-decl.yml")
pair
cold_decl=$ta cold_decl_s=$sa floor_time3=$tb
# One file edited in a 1,000-file package (25 features of the tree), cache warm: each run edits
# one file first, so exactly one is parsed.
small="$work/small"
mkdir -p "$small/Sources"
{
  printf '// swift-tools-version: 6.0\nimport PackageDescription\n\nlet package = Package(\n    name: "Small",\n    targets: [\n'
  grep -E '"F0(0[0-9]|1[0-9]|2[0-4])' "$work/declarative.swift"
  printf '    ]\n)\n'
} >"$small/Package.swift"
for i in $(seq 0 24); do cp -R "$swift_dir/Sources/F$(printf '%03d' "$i")" "$small/Sources/"; done
sed 's/minimum: 200/minimum: 25/' "$swift_dir/strata.yml" >"$small/strata.yml"
small_files=$(find "$small/Sources" -name '*.swift' | wc -l)
"$strata" lint --quiet --path "$small" >/dev/null 2>&1 || true
edited=() edited_parsed=""
for n in $(seq "$runs"); do
  echo "// edit $n $RANDOM" >>"$small/Sources/F003/UseCase/File4.swift"
  edited+=("$(once "$small" "$strata" lint --quiet)")
done
edited_status=$(cat "$work/status")
echo "// edit again" >>"$small/Sources/F003/UseCase/File4.swift"
edited_parsed=$("$strata" lint --path "$small" 2>&1 >/dev/null | sed -n 's/.*(\([0-9]*\) parsed).*/\1/p')
edit_one=$(printf '%s\n' "${edited[@]}" | median)
times() { echo "scale=2; $1 / $2" | bc; }

echo "lint bench: $files Swift files in 800 targets; $pyfiles Python files; median of $runs runs, alternating, seconds"
printf '%-64s %9s %6s %s\n' "run" "seconds" "exit" "vs import-linter"
row "import-linter, its cache warm (clean)" "$linter_warm" "$linter_warm_s" "1.0x"
row "strata lint, declarative manifest ($decl_source; clean)" "$warm_decl" "$warm_decl_s" "$(ratio "$linter_warm" "$warm_decl")x faster"
row "strata lint, computed manifest ($comp_source; clean)" "$warm_comp" "$warm_comp_s" "$(ratio "$linter_warm2" "$warm_comp")x faster"
row "import-linter --no-cache (clean)" "$linter_off" "$linter_off_s" "1.0x"
row "strata lint --no-cache, declarative manifest ($off_decl_source)" "$off_decl" "$off_decl_s" "$(ratio "$linter_off" "$off_decl")x faster"
row "strata lint --no-cache, computed manifest ($off_comp_source)" "$off_comp" "$off_comp_s" "$(ratio "$linter_off2" "$off_comp")x faster"
row "strata lint, saved dump-package (clean)" "$saved" "$saved_s" "$(ratio "$linter_off3" "$saved")x faster"
row "strata lint, declarative manifest just edited" "$changed_decl" "0" "$(ratio "$linter_off" "$changed_decl")x faster"
row "strata lint, computed manifest just edited (both caches miss, 1 run)" "$changed_comp" "0" "$(ratio "$linter_off" "$changed_comp")x faster"
row "  swift package dump-package, SwiftPM's cache warm" "$manifest_warm" "-"
row "  swift package dump-package, manifest just edited" "$manifest_cold" "-"
row "strata lint, declaration rules on ($parsed files parsed; clean)" "$decl_on" "$decl_on_s" "$(ratio "$linter_warm4" "$decl_on")x faster"
row "strata lint, declaration rules off (same run)" "$decl_off" "-" "$(ratio "$linter_warm5" "$decl_off")x faster"
row "strata lint, a rule every presenter breaks ($parsed_broken files parsed)" "$decl_parse" "$decl_parse_s" "$(ratio "$linter_warm6" "$decl_parse")x faster"
extra=$(echo "$decl_parse - $decl_off > 0.0005" | bc)
echo "  declaration rules: $(ratio "$decl_on" "$decl_off")x the time of imports alone; files parsed per second: $([ "$extra" = 1 ] && echo "$parsed_broken / ($decl_parse - $decl_off)" | bc || echo "-") over what imports alone cost, $(echo "$parsed_broken / $decl_parse" | bc) over the whole run"
row "strata init --dry-run, declarative manifest" "$init_decl" "$init_status" "$init_layers layers"
row "strata init --dry-run, computed manifest, cache warm" "$init_comp" "-"
row "strata init --dry-run --no-cache, computed manifest" "$init_nocache" "-"
row "import-linter --no-cache (1 violation)" "$linter_bad" "$linter_bad_s" "1.0x"
row "strata lint, declarative manifest (1 violation)" "$bad" "$bad_s" "$(ratio "$linter_bad" "$bad")x faster ($bad_findings error lines, $same)"
echo "-- source cache (.build/strata) --"
row "import-linter, its cache warm (clean)" "$linter_warm7" "0" "1.0x"
row "strata lint, cache warm, nothing changed ($parsed_warm parsed)" "$cache_warm" "$cache_warm_s" "$(ratio "$linter_warm7" "$cache_warm")x faster"
row "StrataParseFloor: parse the same $floor_files files, both cores" "$floor_time" "-" "1.0x the floor"
row "strata lint --no-cache, saved dump-package (all parsed)" "$cold_saved" "$cold_saved_s" "$(times "$cold_saved" "$floor_time")x the floor"
row "strata lint --no-cache, manifest evaluated (all parsed)" "$cold_eval" "-" "$(times "$cold_eval" "$floor_time2")x the floor"
row "strata lint --no-cache, saved dump, declaration rules (whole walk)" "$cold_decl" "$cold_decl_s" "$(times "$cold_decl" "$floor_time3")x the floor"
row "strata lint, one file edited in $small_files files ($edited_parsed parsed), warm" "$edit_one" "$edited_status" "-"
echo "target: strata lint >= 10x faster than import-linter, caches warm and caches off; strata init < 2 s"
echo "target (source cache): warm >= 10x faster than import-linter warm; --no-cache <= 1.3x the floor; one file edited in 1,000 < 0.1 s"
