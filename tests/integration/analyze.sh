#!/usr/bin/env bash
# skatdd analyze end to end: a YAML game record and ISS game records.  The
# results as played must be those ISS scored (R[...]: card points p:, value
# v:), the YAML record and its ISS original must give the same review, and
# the values must hang together card by card.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
data="$here/data"
fail() { echo "FAIL: $*" >&2; exit 1; }

yaml=$("$SKATDD" analyze --format json "$data/game.yaml")
[ "$(echo "$yaml" | jq '.cards | length')" = 30 ] || fail "30 cards"
for key in trick seat card value_before value_after cost decisive better; do
    echo "$yaml" | jq -e ".cards | all(has(\"$key\"))" >/dev/null || fail "card key $key"
done
[ "$(echo "$yaml" | jq '[.cards[].cost] | min >= 0')" = true ] || fail "negative cost"
# value_after of each card is value_before of the next, and the cost is the
# loss for the side that played the card.
[ "$(echo "$yaml" | jq '[range(0; 29) as $i | .cards[$i].value_after == .cards[$i + 1].value_before] | all')" = true ] ||
    fail "values do not chain"
[ "$(echo "$yaml" | jq '[.cards[] | .cost == (if .role == "declarer" then .value_before - .value_after
                                               else .value_after - .value_before end)] | all')" = true ] ||
    fail "cost is not the loss of the side that played"
[ "$(echo "$yaml" | jq '.summary.start_value == .cards[0].value_before')" = true ] || fail "start value"
[ "$(echo "$yaml" | jq '[.cards[] | select(.cost == 0) | .better | length] | max')" = 0 ] || fail "better without a mistake"
[ "$(echo "$yaml" | jq '[.cards[] | select(.cost > 0) | .better | length] | min')" -ge 1 ] || fail "mistake without better"
[ "$(echo "$yaml" | jq '.summary.result.declarer_points')" = 59 ] || fail "ISS: p:59"
[ "$(echo "$yaml" | jq '.summary.result.score')" = -54 ] || fail "ISS: v:-54"
[ "$(echo "$yaml" | jq '.summary.players | length')" = 3 ] || fail "players"
[ "$(echo "$yaml" | jq '([.cards[] | select(.decisive)] | length) == (.summary.turning_points | length)')" = true ] ||
    fail "turning points"

iss=$("$SKATDD" analyze --format json "$data/iss_games.sgf")
[ "$(echo "$iss" | wc -l)" = 5 ] || fail "five ISS games (the passed one is skipped)"
line() { echo "$iss" | sed -n "${1}p"; }
[ "$(line 1 | jq -c .cards)" = "$(echo "$yaml" | jq -c .cards)" ] || fail "ISS and YAML reviews differ"
[ "$(line 1 | jq -r .format)" = iss ] || fail "format"
# The results as ISS scored them.
expect() { [ "$(line "$1" | jq -c "[.summary.result.declarer_points, .summary.result.score]")" = "$2" ] ||
    fail "game $1: expected $2"; }
expect 1 '[59,-54]'
expect 2 '[92,120]'
expect 3 '[43,-48]'
expect 4 '[56,-96]'
for n in 1 2 3 4; do
    [ "$(line $n | jq '.cards | length')" = 30 ] || fail "game $n: 30 cards"
    [ "$(line $n | jq '[.cards[].cost] | min >= 0')" = true ] || fail "game $n: negative cost"
    [ "$(line $n | jq '.ms < 5000')" = true ] || fail "game $n: too slow"
done
# The null hand lost at the first trick: three cards, the declarer's ace
# decided it.
[ "$(line 5 | jq '.cards | length')" = 3 ] || fail "null: 3 cards"
[ "$(line 5 | jq .summary.result.complete)" = false ] || fail "null: not complete"
[ "$(line 5 | jq -c '.cards[0] | [.card, .value_before, .value_after, .cost, .decisive]')" = '["CA",true,false,1,true]' ] ||
    fail "null: the ace"
[ "$(line 5 | jq -c '.cards[0].better')" = '["S7","S8","S9","H7","H8","H9","D7","D8","D9"]' ] || fail "null: better"

text=$("$SKATDD" analyze --ascii "$data/iss_games.sgf")
grep -q "^Summary:" <<<"$text" || fail "text summary"
grep -q "turning points: trick 1, forehand CA: won -> lost" <<<"$text" || fail "text turning point"
grep -q "no game to analyze (all players passed)" <<<"$text" || fail "passed game"

set +e
"$SKATDD" analyze /nonexistent.sgf >/dev/null 2>&1; [ $? -eq 2 ] || fail "missing file must exit 2"
set -e
grep -q "International Skat Server" <<<"$("$SKATDD" analyze --help)" || fail "analyze --help"
exit 0
