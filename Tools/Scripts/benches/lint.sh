#!/usr/bin/env bash
# strata lint vs import-linter on the same shape: 200 features x 4 layers x 10 files.
# Swift: 800 targets, 8,000 files, a layer rule per feature and feature independence (strata.yml).
# Python: the same modules as a package (9,001 files with the __init__.py files), one layers
# contract over the 200 feature containers and one independence contract (.importlinter).
# Each tool runs with its default cache warm (import-linter's .import_linter_cache, strata's
# dump-package cache under .build/strata/) and with caches off (import-linter --no-cache,
# strata --no-cache, which evaluates the manifest through SwiftPM, whose own manifest cache
# stays warm). A changed manifest (cold: both caches miss) is reported apart, and so is
# strata's own work on a saved dump-package output, and `strata init` on the same tree.
# Usage: lint.sh <release-bin-dir>
set -euo pipefail
bin="$1"
strata="$bin/strata"
runs="${RUNS:-3}"
[ -x "$strata" ] || { echo "lint bench: $strata not found; run swift build -c release first" >&2; exit 1; }
if ! command -v lint-imports >/dev/null 2>&1; then
  python3 -m pip install --quiet --disable-pip-version-check import-linter >/dev/null 2>&1 \
    || { echo "lint bench: could not pip install import-linter" >&2; exit 1; }
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
public struct {layer}Value{n}: Sendable, Equatable {{
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
with open(os.path.join(swift, "Package.swift"), "w") as f:
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
                f.write(imports + body.format(layer=layer, n=n))
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
# median wall time of a command over $runs runs, in seconds; the last run's exit status goes to $work/status
median() {
  local times=() start end
  for _ in $(seq "$runs"); do
    start=$(date +%s.%N)
    set +e; "$@" >"$work/out" 2>"$work/err"; echo $? >"$work/status"; set -e
    end=$(date +%s.%N)
    times+=("$(echo "$end - $start" | bc)")
  done
  printf '%s\n' "${times[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p"
}
nonce() { sed -i "s|^// nonce.*|// nonce $RANDOM$RANDOM$(date +%N)|" "$swift_dir/Package.swift"; }

( cd "$swift_dir" && swift package dump-package > "$work/package.json" )
files=$(find "$swift_dir/Sources" -name '*.swift' | wc -l)
pyfiles=$(find "$py_dir" -name '*.py' | wc -l)

# Cold manifest: a changed manifest misses SwiftPM's cache, as after an edit of Package.swift.
cold_times=()
for _ in $(seq "$runs"); do
  nonce
  start=$(date +%s.%N); (cd "$swift_dir" && swift package dump-package >/dev/null); end=$(date +%s.%N)
  cold_times+=("$(echo "$end - $start" | bc)")
done
manifest_cold=$(printf '%s\n' "${cold_times[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p")
manifest_warm=$(median bash -c "cd '$swift_dir' && swift package dump-package")

strata_only=$(median "$strata" lint --quiet --path "$swift_dir" --package-json "$work/package.json")
strata_status=$(cat "$work/status")
"$strata" lint --quiet --path "$swift_dir" >/dev/null 2>&1 || true  # fills strata's manifest cache
strata_cached=$(median "$strata" lint --quiet --path "$swift_dir")
strata_cached_status=$(cat "$work/status")
strata_nocache=$(median "$strata" lint --quiet --no-cache --path "$swift_dir")
strata_nocache_status=$(cat "$work/status")
init_cached=$(median "$strata" init --dry-run --path "$swift_dir")
init_status=$(cat "$work/status")
init_layers=$(grep -c '^  - name:' "$work/out" || true)
init_nocache=$(median "$strata" init --dry-run --no-cache --path "$swift_dir")
nonce
start=$(date +%s.%N); "$strata" lint --quiet --path "$swift_dir" >/dev/null 2>&1 || true; end=$(date +%s.%N)
strata_cold=$(echo "$end - $start" | bc)
linter=$(cd "$py_dir" && median lint-imports --no-cache)
linter_status=$(cat "$work/status")
(cd "$py_dir" && lint-imports >/dev/null 2>&1 || true)  # fills import-linter's cache
linter_cached=$(cd "$py_dir" && median lint-imports)
linter_cached_status=$(cat "$work/status")

ratio() { echo "scale=1; $1 / $2" | bc; }

# One violation planted in each: an entity importing its feature's repository.
sed -i '1a import F007Repository' "$swift_dir/Sources/F007/Entity/File3.swift"
sed -i '1a from bench_pkg.f007.repository import m3' "$py_dir/bench_pkg/f007/entity/m3.py"
strata_bad=$(median "$strata" lint --quiet --path "$swift_dir" --package-json "$work/package.json")
strata_bad_status=$(cat "$work/status")
strata_bad_findings=$(grep -c ': error: ' "$work/out" || true)
linter_bad=$(cd "$py_dir" && median lint-imports --no-cache)
linter_bad_status=$(cat "$work/status")

echo "lint bench: $files Swift files in 800 targets; $pyfiles Python files; median of $runs runs, seconds"
printf '%-62s %9s %6s %s\n' "run" "seconds" "exit" "vs import-linter"
printf '%-62s %9.3f %6s %s\n' "import-linter, its cache warm (clean)" "$linter_cached" "$linter_cached_status" "1.0x"
printf '%-62s %9.3f %6s %sx faster\n' "strata lint, manifest cache warm (unchanged manifest, clean)" "$strata_cached" "$strata_cached_status" "$(ratio "$linter_cached" "$strata_cached")"
printf '%-62s %9.3f %6s %s\n' "import-linter --no-cache (clean)" "$linter" "$linter_status" "1.0x"
printf '%-62s %9.3f %6s %sx faster\n' "strata lint --no-cache (clean)" "$strata_nocache" "$strata_nocache_status" "$(ratio "$linter" "$strata_nocache")"
printf '%-62s %9.3f %6s %sx faster\n' "strata lint, saved dump-package (clean)" "$strata_only" "$strata_status" "$(ratio "$linter" "$strata_only")"
printf '%-62s %9.3f %6s %sx faster\n' "strata lint, manifest changed (both caches miss, 1 run)" "$strata_cold" "0" "$(ratio "$linter" "$strata_cold")"
printf '%-62s %9.3f %6s\n' "  of which swift package dump-package, SwiftPM's cache warm" "$manifest_warm" "-"
printf '%-62s %9.3f %6s\n' "  of which swift package dump-package, cold" "$manifest_cold" "-"
printf '%-62s %9.3f %6s %s layers\n' "strata init --dry-run, manifest cache warm" "$init_cached" "$init_status" "$init_layers"
printf '%-62s %9.3f %6s\n' "strata init --dry-run --no-cache" "$init_nocache" "-"
printf '%-62s %9.3f %6s %s\n' "import-linter --no-cache (1 violation)" "$linter_bad" "$linter_bad_status" "1.0x"
printf '%-62s %9.3f %6s %sx faster (%s error lines)\n' "strata lint, saved dump-package (1 violation)" "$strata_bad" "$strata_bad_status" "$(ratio "$linter_bad" "$strata_bad")" "$strata_bad_findings"
