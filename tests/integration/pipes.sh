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

# --rules is read once for the run, with the options: a pipe (--rules
# <(...)) gave its rule system to the first file's deals only, and the next
# file's found it empty ("rule system: /dev/fd/63: empty rule file"); batch
# read it again for random deals, stats for the lines.  Every command, over
# two files, as with the rule file itself (the system's name aside, and so
# batch's fingerprint: a pipe's name is its number).
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
classic=$here/../../evaluator/rules/classic.yaml
awk '/^---/ { n++ } n < 1' "$here/../../problems/full_deals.yaml" >"$work/deal.yaml"
named() { sed -E 's/"rules":"[^"]*"/"rules":"R"/g; s/"run":"[0-9a-f]*"/"run":"R"/g' | strip; }
both() { # COMMAND...: the same with --rules FILE and with --rules <(cat FILE)
    local from_file piped
    from_file=$("$SKATDD" "$@" --rules "$classic" | named) || fail "$1 --rules FILE: exit $?"
    piped=$("$SKATDD" "$@" --rules <(cat "$classic") | named) || fail "$1 --rules <(...): exit $?"
    [ "$piped" = "$from_file" ] || fail "$1 --rules <(...): differs from --rules FILE"
}
both solve --format json "$data/obvious.yaml" "$data/game.yaml"
both score --format json "$data/score.yaml" "$data/game.yaml"
both table --format json --threads 1 "$work/deal.yaml" "$work/deal.yaml"
both evaluate --quick --threads 1 --samples 1 --format json "$here/../../problems/evaluate.yaml" \
    "$here/../../problems/evaluate.yaml"
both analyze --format json "$data/game.yaml" "$data/iss_games.sgf"
both problems --format json "$here/../../problems/examples.yaml" "$here/../../problems/examples.yaml"
both batch --job solve --quiet "$data/obvious.yaml" "$data/obvious.yaml"
both batch --job solve --quiet --random 2
"$SKATDD" batch --job table --quiet --threads 1 --random 2 --rules classic --output "$work/table.jsonl" ||
    fail "batch --job table --rules classic"
from_file=$("$SKATDD" stats --rules "$classic" "$work/table.jsonl" "$work/table.jsonl") || fail "stats --rules FILE"
piped=$("$SKATDD" stats --rules <(cat "$classic") "$work/table.jsonl" "$work/table.jsonl") || fail "stats --rules <(...)"
[ "$piped" = "$from_file" ] || fail "stats --rules <(...): differs from --rules FILE"
exit 0
