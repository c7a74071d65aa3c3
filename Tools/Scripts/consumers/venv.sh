#!/bin/sh
# Prints the path of a Python with the pinned consumers (requirements.txt) installed, creating
# the virtualenv under .build/consumers-venv on first use: only PyPI is needed. Safe to run
# from several tests at once (flock).
set -eu
root=$(cd "$(dirname "$0")/../../.." && pwd)
venv="$root/.build/consumers-venv"
requirements="$root/Tools/Scripts/consumers/requirements.txt"
mkdir -p "$root/.build"
exec 9>"$root/.build/consumers-venv.lock"
flock 9
if ! cmp -s "$requirements" "$venv/requirements.txt" 2>/dev/null; then
  rm -rf "$venv"
  python3 -m venv "$venv" >&2
  "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$requirements" >&2
  cp "$requirements" "$venv/requirements.txt"
fi
echo "$venv/bin/python"
