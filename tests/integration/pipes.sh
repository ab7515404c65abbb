#!/usr/bin/env bash
# Input from a pipe is read once: "-" and /dev/stdin work like a file, for
# YAML deals and for ISS records, and an endless pipe is refused at the cap.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
fail() { echo "FAIL: $*" >&2; exit 1; }
data=$here/data
strip() { jq -c 'del(.ms, .nodes)'; }

from_file=$("$SKATDD" analyze --format json "$data/game.yaml" | strip)
for name in - /dev/stdin; do
    piped=$(cat "$data/game.yaml" | "$SKATDD" analyze --format json "$name" | strip) ||
        fail "analyze $name: YAML from a pipe"
    [ "$piped" = "$from_file" ] || fail "analyze $name: YAML from a pipe differs from the file"
done

records=$("$SKATDD" analyze --format json "$data/iss_games.sgf" | strip)
for name in - /dev/stdin; do
    piped=$(cat "$data/iss_games.sgf" | "$SKATDD" analyze --format json "$name" | strip) ||
        fail "analyze $name: ISS records from a pipe"
    [ "$piped" = "$records" ] || fail "analyze $name: ISS records from a pipe differ from the file"
done

solved=$("$SKATDD" solve --format json "$data/obvious.yaml" | strip)
piped=$(cat "$data/obvious.yaml" | "$SKATDD" solve --format json - | strip) || fail "solve -"
[ "$piped" = "$solved" ] || fail "solve -: differs from the file"
piped=$(cat "$data/obvious.yaml" | "$SKATDD" solve --format json /dev/stdin | strip) || fail "solve /dev/stdin"
[ "$piped" = "$solved" ] || fail "solve /dev/stdin: differs from the file"

# batch: the run's fingerprint reads a regular file's bytes, but a pipe only
# by its name (it once read /dev/stdin there, and the deals found it empty).
lines() { jq -c 'del(.run, .ms, .nodes)'; }
batched=$("$SKATDD" batch --job solve --quiet "$data/obvious.yaml" | lines)
for name in - /dev/stdin; do
    piped=$(cat "$data/obvious.yaml" | "$SKATDD" batch --job solve --quiet "$name" | lines) || fail "batch $name"
    [ "$piped" = "$batched" ] || fail "batch $name: differs from the file"
done
exit 0
