#!/usr/bin/env bash
# Memorize: a seeded game of the CS193p card game, part of the way and then to the end with --moves.
# Called with the bin dir as $1; scores go to $XDG_DATA_HOME/strata/memorize.sqlite (a throwaway dir).
set -euo pipefail
bin="$1"
if [ -z "${XDG_DATA_HOME:-}" ]; then
  XDG_DATA_HOME="$(mktemp -d)"; export XDG_DATA_HOME
  trap 'rm -rf "$XDG_DATA_HOME"' EXIT
fi
memorize() { echo "\$ memorize $*"; "$bin/memorize" "$@"; echo; }

# Animals, seed 2024: the moves of a player with a perfect memory, who never turns a seen card
# in a mismatch. MemorizeUseCaseTests derives this list from the seeded deal and checks it.
moves="1,2,3,4,5,6,7,3,8,2,9,10,11,4,12,13,14,9,15,1,16,10"

memorize themes
memorize play --theme Animals --seed 2024 --moves 1,2,3,4,5,6,7,3,8,2,9
memorize play --theme Animals --seed 2024 --moves "$moves"
memorize play --theme Sports --pairs 2 --seed 5 --moves 1,2 --format json
echo "\$ printf '1\\n2\\nseven\\nq\\n' | memorize play --theme Halloween --seed 7   # interactive, fed through stdin"
printf '1\n2\nseven\nq\n' | "$bin/memorize" play --theme Halloween --seed 7
echo
memorize scores
echo "\$ memorize play --theme Animals --seed 2024 --moves 1,99   # a card that is not on the table"
"$bin/memorize" play --theme Animals --seed 2024 --moves 1,99 2>&1 || echo "(exit code $?)"
