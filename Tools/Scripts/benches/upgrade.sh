#!/usr/bin/env bash
# strata upgrade beside copier update (copier 9.19.1 from PyPI, installed here when missing): the
# template change × user edit matrix with the same template and edits, per cell lines lost,
# conflicts shown and files left beside; then the time to upgrade N generated features (default 50).
set -euo pipefail
bin="$1"
strata="$(cd "$bin" && pwd)/strata"
root="$(cd "$(dirname "$0")/../../.." && pwd)"
features="${UPGRADE_BENCH_FEATURES:-50}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export GIT_AUTHOR_NAME=bench GIT_AUTHOR_EMAIL=bench@example.com GIT_COMMITTER_NAME=bench GIT_COMMITTER_EMAIL=bench@example.com
now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }

venv="$root/.build/bench/copier-9.19.1"
if ! "$venv/bin/copier" --version 2>/dev/null | grep -q "9.19.1"; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet "copier==9.19.1"
fi
copier="$venv/bin/copier"

changes=(editsLine addsFile dropsFile addsTarget)
edits=(none elsewhere sameLines deleted renamed)

# The template's files, in $1 with the name placeholder $2, for version $3 with change $4.
template_files() {
  local dir="$1" n="$2" version="$3" change="$4" fourth=4
  [ "$version" = 2 ] && [ "$change" = editsLine ] && fourth=40
  mkdir -p "$dir/Sources/${n}Core"
  printf '%s\n' '// {{ name }}: the feature'"'"'s model.' 'public struct {{ name }} {' '    public var first = 1' \
    '    public var second = 2' '    public var third = 3' "    public var fourth = $fourth" '    public var fifth = 5' '}' \
    > "$dir/Sources/${n}Core/${n}.swift$5"
  if ! { [ "$version" = 2 ] && [ "$change" = dropsFile ]; }; then
    printf '%s\n' '// {{ name }}: the part v2 drops.' 'public enum {{ name }}Legacy {' '    public static let one = 1' \
      '    public static let two = 2' '    public static let three = 3' '}' > "$dir/Sources/${n}Core/${n}Legacy.swift$5"
  fi
  if [ "$version" = 2 ] && [ "$change" = addsFile ]; then
    printf '%s\n' '// {{ name }}: new in v2.' 'public enum {{ name }}Extra {}' > "$dir/Sources/${n}Core/${n}Extra.swift$5"
  fi
  if [ "$version" = 2 ] && [ "$change" = addsTarget ]; then
    mkdir -p "$dir/Sources/${n}Support"
    printf '%s\n' '// {{ name }}: a target new in v2.' 'public enum {{ name }}Support {}' > "$dir/Sources/${n}Support/${n}Support.swift$5"
  fi
}

# strata's set Mini in package $1 at version $2 with change $3.
strata_set() {
  local set="$1/.strata/templates/Mini" support=""
  rm -rf "$set" && mkdir -p "$set/files"
  [ "$2" = 2 ] && [ "$3" = addsTarget ] && support=', {"name": "{{ name }}Support"}'
  echo "{\"name\": \"Mini\", \"summary\": \"bench\", \"version\": \"$2\", \"modules\": [{\"name\": \"{{ name }}Core\"}$support]}" > "$set/template.json"
  template_files "$set/files" "__name__" "$2" "$3" ".stencil"
}

# copier's template repository $1 for change $2, tagged v1 and v2.
copier_template() {
  mkdir -p "$1/template" && cd "$1" && git init -q
  printf '%s\n' 'name:' '  type: str' '_subdirectory: template' > copier.yml
  printf '%s\n' '# Changes here will be overwritten by Copier' '{{ _copier_answers|to_nice_yaml -}}' \
    > 'template/{{_copier_conf.answers_file}}.jinja'
  template_files template '{{name}}' 1 "$2" .jinja
  git add -A && git commit -qm v1 && git tag v1
  rm -rf template/Sources && template_files template '{{name}}' 2 "$2" .jinja
  git add -A && git commit -qm v2 && git tag v2
  cd - >/dev/null
}

empty_package() {
  mkdir -p "$1/Sources/Base"
  printf '%s\n' '// swift-tools-version: 6.0' 'import PackageDescription' '' 'let package = Package(' '    name: "Shop",' \
    '    targets: [' '        .target(name: "Base", path: "Sources/Base"),' '    ]' ')' > "$1/Package.swift"
  echo 'public enum Base {}' > "$1/Sources/Base/Base.swift"
}

# Makes the user's edit $2 to file $1; prints the user's lines the edit wrote.
user_edit() {
  case "$2" in
    elsewhere) sed -i "2a\\    // USER-ADDED in $(basename "$1")" "$1" ;;
    sameLines) sed -i -e "s|fourth = 4\$|fourth = 4  // USER-SAME in $(basename "$1")|" -e "s|two = 2\$|two = 2  // USER-SAME in $(basename "$1")|" "$1" ;;
    deleted) rm "$1" ;;
    renamed) mv "$1" "${1%.swift}Renamed.swift" ;;
  esac
}

# Per cell in tree $1 after the upgrade, for the user's file as it was in $2 and the file's path $3:
# user lines lost (in it, nowhere in the tree), Swift files with conflict markers, files left beside
# (.rej, .orig), and whether a file is at the path.
measure() {
  local lost=0 line markers beside present=no
  while IFS= read -r line; do
    grep -rqsF --include='*.swift' -- "$line" "$1" || lost=$((lost + 1))
  done < <(grep -F 'USER-' "$2" || true)
  markers=$(grep -rlsE --include='*.swift' '^<<<<<<< ' "$1" | wc -l)
  beside=$(find "$1" -name '*.rej' -o -name '*.orig' | wc -l)
  [ -f "$3" ] && present=yes
  echo "$lost $markers $beside $present"
}

printf '| template change | user edit | strata: outcome | strata: lost / markers / beside / file there | copier: lost / markers / beside / file there |\n|---|---|---|---|---|\n'
for change in "${changes[@]}"; do
  pkg="$work/strata-$change"; mkdir -p "$pkg"; empty_package "$pkg"; strata_set "$pkg" 1 "$change"
  tpl="$work/tpl-$change"; copier_template "$tpl" "$change"
  for edit in "${edits[@]}"; do
    name="Cell${edit^}"
    "$strata" new "$name" --template Mini --path "$pkg" >/dev/null
    file="Sources/${name}Core/${name}.swift"; [ "$change" = dropsFile ] && file="Sources/${name}Core/${name}Legacy.swift"
    user_edit "$pkg/$file" "$edit"
    [ -f "$pkg/$file" ] && cp "$pkg/$file" "$work/user-strata-$change-$edit" || : > "$work/user-strata-$change-$edit"
    proj="$work/copier-$change-$edit"; mkdir -p "$proj" && cd "$proj" && git init -q && git commit -q --allow-empty -m init
    "$copier" copy --quiet --trust --defaults --data "name=$name" --vcs-ref v1 "$tpl" "$proj" >/dev/null 2>&1
    git add -A && git commit -qm generated
    user_edit "$proj/$file" "$edit"
    [ -f "$proj/$file" ] && cp "$proj/$file" "$work/user-copier-$change-$edit" || : > "$work/user-copier-$change-$edit"
    git add -A && git commit -qm edited --allow-empty && cd - >/dev/null
  done
  strata_set "$pkg" 2 "$change"
  dry="$("$strata" upgrade --dry-run --path "$pkg")"
  "$strata" upgrade --path "$pkg" >/dev/null || true
  for edit in "${edits[@]}"; do
    name="Cell${edit^}"
    file="Sources/${name}Core/${name}.swift"; [ "$change" = dropsFile ] && file="Sources/${name}Core/${name}Legacy.swift"
    outcome="$(printf '%s\n' "$dry" | awk -v f="$file" '$2 == f { print $1 }')"
    s=$(measure "$pkg/Sources/${name}Core" "$work/user-strata-$change-$edit" "$pkg/$file")
    proj="$work/copier-$change-$edit"
    (cd "$proj" && "$copier" update --quiet --trust --defaults --vcs-ref v2 --conflict inline >/dev/null 2>&1) || true
    c=$(measure "$proj" "$work/user-copier-$change-$edit" "$proj/$file")
    echo "| $change | $edit | ${outcome:-unchanged} | ${s// / \/ } | ${c// / \/ } |"
  done
done

# Time to upgrade $features features (v1 → v2 edits a line; every other feature has a user edit elsewhere).
pkg="$work/strata-many"; mkdir -p "$pkg"; empty_package "$pkg"; strata_set "$pkg" 1 editsLine
tpl="$work/tpl-editsLine"
for i in $(seq "$features"); do
  name="Feature$i"
  "$strata" new "$name" --template Mini --path "$pkg" >/dev/null
  proj="$work/copier-many-$i"; mkdir -p "$proj" && cd "$proj" && git init -q && git commit -q --allow-empty -m init
  "$copier" copy --quiet --trust --defaults --data "name=$name" --vcs-ref v1 "$tpl" "$proj" >/dev/null 2>&1
  if [ $((i % 2)) = 0 ]; then
    user_edit "$proj/Sources/${name}Core/${name}.swift" elsewhere
    user_edit "$pkg/Sources/${name}Core/${name}.swift" elsewhere
  fi
  git add -A && git commit -qm generated && cd - >/dev/null
done
strata_set "$pkg" 2 editsLine
t0=$(now); "$strata" upgrade --path "$pkg" >/dev/null; t1=$(now)
strata_time=$(elapsed "$t0" "$t1")
t0=$(now)
for i in $(seq "$features"); do
  (cd "$work/copier-many-$i" && "$copier" update --quiet --trust --defaults --vcs-ref v2 --conflict inline >/dev/null 2>&1)
done
t1=$(now)
copier_time=$(elapsed "$t0" "$t1")
echo
echo "| upgrade $features features (a line edited in the template, half with a user edit elsewhere) | seconds |"
echo "|---|---|"
echo "| strata upgrade (one run, one transaction) | $strata_time |"
echo "| copier update (one run per feature) | $copier_time |"
echo "| ratio copier / strata | $(awk -v a="$copier_time" -v b="$strata_time" 'BEGIN { printf "%.1f", a / b }') |"
