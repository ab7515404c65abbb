#!/usr/bin/env bash
# The README shows real output of real commands: every "$ skatdd ..." block
# of it is run again (in a scratch directory that sees the repository's
# tests/ and problems/ under their own names) and must print what the README
# shows, times aside and excerpts ("...") allowed.  Left out: the million-deal
# batch, the cluster run and the stats of their file.  A README changed
# without running its commands again fails here; so does a change of output
# that the README was not brought up to date with.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(dirname "$(dirname "$here")")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
ln -s "$top/tests" "$top/problems" "$work/"
# The README's hand.yaml, as its text defines it.
printf 'hands: {forehand: SJ HJ CA CT CK C9 C8 SA HA H7}\n' >"$work/hand.yaml"
python3 "$here/readme_check.py" "$top/README.md" "$SKATDD" "$work" \
    --skip '--random 1000000' --skip 'stats t.jsonl'
