#!/usr/bin/env bash
# Output that cannot be written (a full disk: /dev/full) is an error: every
# command exits 1 with one line on stderr instead of finishing silently.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
fail() { echo "FAIL: $*" >&2; exit 1; }
data=$here/data

# A closed stdout or stderr stays closed: the file a command opens (--html,
# --output) does not take its number and get the text or the messages.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$SKATDD" analyze --html "$work/closed.html" "$data/game.yaml" >&- 2>/dev/null
[ $? -eq 1 ] || fail "analyze --html with stdout closed: exit status not 1"
[ "$(head -1 "$work/closed.html")" = "<!DOCTYPE html>" ] || fail "stdout closed: the text went into the page"
"$SKATDD" analyze --html "$work/closed2.html" "$work/missing.yaml" "$data/game.yaml" >/dev/null 2>&-
[ "$(head -1 "$work/closed2.html")" = "<!DOCTYPE html>" ] || fail "stderr closed: a message went into the page"
"$SKATDD" batch --job solve --random 2 --threads 1 --output "$work/closed.jsonl" 2>&- ||
    fail "batch --output with stderr closed"
[ "$(grep -vc '^{' "$work/closed.jsonl")" = 0 ] || fail "stderr closed: the rate went into the --output file"

[ -w /dev/full ] || { echo "no /dev/full: skipped"; exit 0; }
# A message for stderr that cannot be written (batch's rate line) cannot be
# said, but the exit status says it; with nothing for stderr the run is clean.
status=0
"$SKATDD" batch --job solve --random 2 --threads 1 --output "$work/full_err.jsonl" 2>/dev/full || status=$?
[ "$status" -eq 1 ] || fail "batch with stderr on /dev/full: exit $status, expected 1"
[ "$(grep -c '^{' "$work/full_err.jsonl")" = 2 ] || fail "stderr on /dev/full: the deals not all written"
"$SKATDD" batch --job solve --random 2 --threads 1 --quiet --output "$work/full_quiet.jsonl" 2>/dev/full ||
    fail "batch --quiet with stderr on /dev/full: exit $?, expected 0"
"$SKATDD" solve "$data/obvious.yaml" >/dev/null 2>/dev/full || fail "solve with stderr on /dev/full: exit $?, expected 0"
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
