#!/usr/bin/env bash
# Output that cannot be written (a full disk: /dev/full) is an error: every
# command exits 1 with one line on stderr instead of finishing silently.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
fail() { echo "FAIL: $*" >&2; exit 1; }
[ -w /dev/full ] || { echo "no /dev/full: skipped"; exit 0; }
data=$here/data
expected="skatdd: error writing output: No space left on device"
check() {
    local err status
    err=$("$SKATDD" "$@" 2>&1 >/dev/full)
    status=$?
    [ "$status" -eq 1 ] || fail "$*: exit $status, expected 1"
    [ "$err" = "$expected" ] || fail "$*: stderr '$err'"
}
check solve "$data/obvious.yaml"
check solve --format json "$data/obvious.yaml"
check table --threads 1 "$data/game.yaml"
check analyze "$data/game.yaml"
check analyze --format json "$data/iss_games.sgf"
check problems "$data/obvious.yaml"
check score "$data/score.yaml"
check evaluate --quiet --samples 2 --seed 1 "$data/twelve.yaml"
check rules
check rules isko
check --help
check solve --help
# A long output (more than a stdio buffer) fails while it is written.
check score --format json "$data/score.yaml" "$data/score.yaml" "$data/score.yaml" "$data/score.yaml" \
    "$data/score.yaml" "$data/score.yaml" "$data/score.yaml" "$data/score.yaml" "$data/score.yaml"
exit 0
