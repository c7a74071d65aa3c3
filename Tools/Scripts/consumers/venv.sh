#!/bin/sh
# Prints the path of a Python with the pinned consumers (requirements.txt) and page scripts
# (page-scripts.txt) installed, creating the virtualenv under .build/consumers-venv on first use:
# only PyPI is needed. Safe to run from several tests at once (flock).
set -eu
root=$(cd "$(dirname "$0")/../../.." && pwd)
venv="$root/.build/consumers-venv"
requirements="$root/Tools/Scripts/consumers/requirements.txt"
# Packages read for a file they carry (axe-core's script), installed without their dependencies.
scripts="$root/Tools/Scripts/consumers/page-scripts.txt"
mkdir -p "$root/.build"
exec 9>"$root/.build/consumers-venv.lock"
flock 9
if ! cat "$requirements" "$scripts" | cmp -s - "$venv/requirements.txt" 2>/dev/null; then
  rm -rf "$venv"
  python3 -m venv "$venv" >&2
  "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$requirements" >&2
  "$venv/bin/pip" install --quiet --disable-pip-version-check --no-deps -r "$scripts" >&2
  cat "$requirements" "$scripts" > "$venv/requirements.txt"
fi
echo "$venv/bin/python"
