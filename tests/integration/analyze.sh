#!/usr/bin/env bash
# skatdd analyze end to end: a YAML game record and ISS game records.  The
# results as played must be those ISS scored (R[...]: card points p:, value
# v:), the YAML record and its ISS original must give the same review, and
# the values must hang together card by card.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
data="$here/data"
tmp_err=$(mktemp)
server_sgf=$(mktemp)
trap 'rm -f "$tmp_err" "$server_sgf"' EXIT
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

# A YAML record of fewer than 30 cards is reviewed up to where it stops (in
# the middle of a trick too): the same cards as the full game's first ones.
for keep in 29 13; do
    { sed -n 1,13p "$data/game.yaml"; echo "play: $(sed -n '15,$p' "$data/game.yaml" | tr -d ' -' |
        fold -w2 | head -n "$keep" | paste -sd' ')"; } >"$tmp_err.yaml"
    short=$("$SKATDD" analyze --format json "$tmp_err.yaml") || fail "$keep cards: not reviewed"
    [ "$(echo "$short" | jq '.cards | length')" = "$keep" ] || fail "$keep cards reviewed"
    [ "$(echo "$short" | jq -c .cards)" = "$(echo "$yaml" | jq -c ".cards[:$keep]")" ] || fail "$keep cards: not the full game's"
    [ "$(echo "$short" | jq -c '.summary.result | [.complete, .score, .value]')" = \
        "[false,null,$(echo "$yaml" | jq ".cards[$keep - 1].value_after")]" ] || fail "$keep cards: result"
done
"$SKATDD" analyze --ascii "$tmp_err.yaml" | grep "result: the record stops after 13 cards; value then" >/dev/null ||
    fail "short record in text"
rm -f "$tmp_err.yaml"

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
    # (Under the sanitizers, ten times slower and beside other tests, a time says nothing.)
    [ -n "${SKATDD_QUICK:-}" ] || [ "$(line $n | jq '.ms < 5000')" = true ] || fail "game $n: too slow"
done
# The null hand lost at the first trick: three cards, the declarer's ace
# decided it.
[ "$(line 5 | jq '.cards | length')" = 3 ] || fail "null: 3 cards"
[ "$(line 5 | jq .summary.result.complete)" = false ] || fail "null: not complete"
[ "$(line 5 | jq -c '.cards[0] | [.card, .value_before, .value_after, .cost, .decisive]')" = '["CA",true,false,1,true]' ] ||
    fail "null: the ace"
[ "$(line 5 | jq -c '.cards[0].better')" = '["S7","S8","S9","H7","H8","H9","D7","D8","D9"]' ] || fail "null: better"

# The discard review: 541932 put away ST H8 (39) where CT ST keeps 45 (as
# solve finds for the deal without its discard); 5557737's discard was best;
# a hand game has none.
[ "$(line 1 | jq -c .discard_review)" = '{"discard":["ST","H8"],"value":39,"outcome":"lost","best":["CT","ST"],"best_value":45,"best_outcome":"lost","cost":6}' ] ||
    fail "discard review 541932"
[ "$(line 2 | jq -c '.discard_review | [.cost, .discard == .best]')" = '[0,true]' ] || fail "discard review: the best"
[ "$(line 4 | jq -c .discard_review)" = null ] || fail "hand game: no discard review"
# The outcome first, then the points: a discard that escapes schwarz beats
# one with 2 card points more (it was "the best" by its points).
review=$("$SKATDD" analyze --format json "$data/discard_schwarz.yaml" | jq -c .discard_review)
[ "$review" = '{"discard":["SA","HT"],"value":21,"outcome":"lost schwarz","best":["CQ","HT"],"best_value":19,"best_outcome":"lost schneider","cost":-2}' ] ||
    fail "discard review: schwarz escaped: $review"
grep -qx "Discard: SA HT, value 21 (lost schwarz); best CQ HT, value 19 (lost schneider): costs the outcome, for 2 card points more" \
    <<<"$("$SKATDD" analyze --ascii "$data/discard_schwarz.yaml")" || fail "discard review in text: schwarz escaped"
# Texas scores a lost game schwarz as one schneidered: the points decide,
# as they do for solve's choice.
review=$("$SKATDD" analyze --rules texas --format json "$data/discard_schwarz.yaml" | jq -c .discard_review)
[ "$review" = '{"discard":["SA","HT"],"value":21,"outcome":"lost schneider","best":["SA","HT"],"best_value":21,"best_outcome":"lost schneider","cost":0}' ] ||
    fail "discard review under texas: $review"
sed -n 1,11p "$data/game.yaml" >"$tmp_err.yaml"
"$SKATDD" solve --ascii "$tmp_err.yaml" | grep "discard  *CT ST (best" >/dev/null || fail "solve's best discard"
rm -f "$tmp_err.yaml"

# The contract review: the contract played against the declarer's best, as
# the contract table values them (541932: diamonds lost, where null would
# have lost less; 5557737's clubs hand lost where clubs with the skat wins).
[ "$(echo "$yaml" | jq -c .contract_review)" = '{"played":{"contract":"diamonds","won":false,"game_value":27,"score":-54},"best":{"contract":"null","won":false,"game_value":23,"score":-46},"cost":8}' ] ||
    fail "contract review 541932"
sed -n 1,13p "$data/game.yaml" >"$tmp_err.yaml"
[ "$("$SKATDD" table --declarer rearhand --format json "$tmp_err.yaml" |
    jq -c '.seats.rearhand.contracts[] | select(.contract == "diamonds") | [.won, .game_value]')" = \
    "$(echo "$yaml" | jq -c '.contract_review.played | [.won, .game_value]')" ] || fail "contract review: the table's row"
rm -f "$tmp_err.yaml"
[ "$(line 4 | jq -c '.contract_review | [.played.contract, .played.score, .best.contract, .best.won]')" = \
    '["clubs hand",-96,"clubs",true]' ] || fail "contract review: hand game"
[ "$(echo "$iss" | jq -s '[.[].contract_review | .best.score >= .played.score and .cost == .best.score - .played.score] | all')" = true ] ||
    fail "contract review: the best scores at least the one played"
[ "$(line 2 | jq -c '.contract_review.played == .contract_review.best')" = true ] || fail "contract review: played was best"

# --min-cost: inaccuracies below it hidden, decisive mistakes kept.
# (The review without --min-cost is $iss, above: each review of the five
# games costs seconds under the sanitizers.)
all=$(jq -s -c '[.[].cards[] | select(.mistake != "none") | .cost]' <<<"$iss")
big_json=$("$SKATDD" analyze --min-cost 10 --format json "$data/iss_games.sgf")
big=$(jq -s -c '[.[].cards[] | select(.mistake != "none") | .cost]' <<<"$big_json")
[ "$(jq -c '[.[] | select(. > 0 and . < 10)] | length > 0' <<<"$all")" = true ] || fail "min-cost: small ones exist"
[ "$(jq -c '[.[] | select(. >= 10)]' <<<"$all")" = "$(jq -c '[.[] | select(. >= 10)]' <<<"$big")" ] ||
    fail "min-cost keeps the big ones"
[ "$(jq -s -c '[.[].cards[] | select(.mistake == "inaccuracy" and .cost < 10)] | length' <<<"$big_json")" = 0 ] ||
    fail "min-cost hides the small ones"
[ "$("$SKATDD" analyze --min-cost 120 --format json "$data/iss_games.sgf" | jq -s -c \
    '[.[].cards[] | select(.decisive)] | length > 0')" = true ] || fail "min-cost keeps decisive mistakes"

text=$("$SKATDD" analyze --ascii "$data/iss_games.sgf")
grep -q "^Discard: ST H8, value 39; best CT ST, value 45: costs 6" <<<"$text" || fail "discard review in text"
grep -q "^Summary:" <<<"$text" || fail "text summary"
grep -q "^Contract review (double-dummy, no bid): played diamonds lost, game value 27, score -54; best null lost, game value 23, score -46$" \
    <<<"$text" || fail "contract review in text"
grep -q "turning points: trick 1, forehand CA: won -> lost" <<<"$text" || fail "text turning point"
grep -q "no game to analyze (all players passed)" <<<"$text" || fail "passed game"
grep -q "note: the server scored" <<<"$text" && fail "a note on the server's score where it agrees"
# Where the record's score (R[... v:...]) is not the rules', the text says what the server gave.
grep -F 'ID[541932]' "$data/iss_games.sgf" | sed 's/ v:-54 / v:-60 /' >"$server_sgf"
grep -q ' v:-60 ' "$server_sgf" || fail "no server score to change"
server=$("$SKATDD" analyze "$server_sgf")
grep -qx "  result: 59 card points, 4 tricks: lost (.*; score -54)" <<<"$server" || fail "the rules' score beside the server's"
grep -qx "  note: the server scored -60" <<<"$server" || fail "no note of the server's other score"
[ "$("$SKATDD" analyze --format json "$server_sgf" | jq -c '.summary.result | [.score, .server_score]')" = '[-54,-60]' ] ||
    fail "the server's other score in JSON"

# Early ends, settled as the server settles them (records of our own, R[]
# holding the server's result), an overbid game, and a bad record that does
# not stop the file.
set +e
early=$("$SKATDD" analyze --format json "$data/iss_early.sgf" 2>"$tmp_err")
rc=$?
set -e
[ $rc -eq 2 ] || fail "a refused record must exit 2 at the end"
[ "$(cat "$tmp_err")" = "$data/iss_early.sgf:9:202: illegal play: middlehand must follow suit, plays CT" ] ||
    fail "refused record message: $(cat "$tmp_err")"
[ "$(echo "$early" | wc -l)" = 7 ] || fail "the records around the bad one are analysed"
[ "$(echo "$early" | jq -s '[.[] | .summary.result.score == .summary.result.server_score] | all')" = true ] ||
    fail "scores must equal the server's"
eline() { echo "$early" | sed -n "${1}p"; }
[ "$(eline 1 | jq -c '.summary.result | [.won, .settled.conceded, .settled.declarer_points]')" = '[false,true,11]' ] ||
    fail "declarer resigns: lost with his points"
[ "$(eline 2 | jq -c '.summary.result | [.won, .settled.declarer_points, .settled.declarer_tricks]')" = '[true,120,10]' ] ||
    fail "defenders resign: the rest to the declarer"
[ "$(eline 3 | jq -r .summary.result.ending)" = "time-out of middlehand" ] || fail "time-out"
[ "$(eline 4 | jq -r .summary.result.ending)" = "forehand left the table" ] || fail "left"
[ "$(eline 5 | jq -c '.summary.result.settled.declarer_tricks')" = 8 ] || fail "claim"
[ "$(eline 6 | jq -c '[.bid, .summary.start_outcome, .summary.result.outcome, .summary.result.overbid]')" = \
    '[144,"lost","lost",true]' ] || fail "overbid: lost at the start and at the end"
[ "$(eline 7 | jq -r .name)" = "ISS game after-the-bad-one" ] || fail "the record after the bad one"
text=$("$SKATDD" analyze --ascii "$data/iss_early.sgf" 2>/dev/null || true)
grep -q "settled: 11 card points, 1 trick: lost" <<<"$text" || fail "settled in text"
grep -q "result: 92 card points, 8 tricks: lost (.*overbid" <<<"$text" || fail "overbid in text"

# The other commands take records too.
# score settles an early end as analyze does: a declarer who gives up loses
# with whatever he has (69 points in a suit game; no trick in a null game).
for f in "$data/iss_early.sgf" "$data/iss_resign.sgf"; do
    scored=$("$SKATDD" score --format json "$f" 2>/dev/null | jq -s -c '[.[] | [.won, .score]]' || true)
    analysed=$("$SKATDD" analyze --format json "$f" 2>/dev/null | jq -s -c '[.[] | [.summary.result.won, .summary.result.score]]' || true)
    [ "$scored" = "$analysed" ] || fail "score and analyze must settle $f alike: $scored against $analysed"
done
[ "$("$SKATDD" score --format json "$data/iss_resign.sgf" | jq -s -c '[.[] | [.won, .score, .conceded]]')" = \
    '[[false,-192,true],[false,-70,true]]' ] || fail "score: a declarer who resigns loses"
# A file with a refused record does not stop the files after it (exit 2 at the end).
for cmd in score analyze solve table; do
    set +e
    out=$("$SKATDD" $cmd --format json "$data/iss_early.sgf" "$data/iss_resign.sgf" 2>/dev/null)
    rc=$?
    set -e
    n=$(printf '%s\n' "$out" | wc -l)
    [ "$n" = 9 ] && [ $rc = 2 ] || fail "$cmd: the file after a refused record ($n records, exit $rc)"
done
"$SKATDD" score --format json "$data/iss_games.sgf" | jq -s -e '[.[].score] == [-54,120,-48,-96,-70]' >/dev/null ||
    fail "score of ISS records"
solved=$("$SKATDD" solve --format json "$data/iss_games.sgf")
jq -s -e 'length == 5' >/dev/null <<<"$solved" || fail "solve ISS records"
a0=$(sed -n 1p <<<"$solved" | jq -c .)
a3=$("$SKATDD" solve --after 3 --format json "$data/iss_games.sgf" | sed -n 1p | jq -c .)
[ "$a0" != "$a3" ] || fail "solve --after 3 differs from the start"
printf 'just text\n' >"$tmp_err.txt"
set +e
msg=$("$SKATDD" solve "$tmp_err.txt" 2>&1)
set -e
grep -q "YAML mapping .* or an ISS game record" <<<"$msg" || fail "message naming both forms: $msg"
rm -f "$tmp_err.txt"

# --threads spreads the contract review over threads: the review is the same
# for any number of them (the whole JSON but the times; nodes included).
for t in 1 2; do
    "$SKATDD" analyze --threads $t --format json "$data/game.yaml" "$data/ramsch.yaml" |
        jq -S -c 'del(.ms)' >"$tmp_err.threads$t"
done
grep -q '"contract_review"' "$tmp_err.threads1" || fail "analyze --threads: no contract review to compare"
cmp -s "$tmp_err.threads1" "$tmp_err.threads2" || fail "analyze: another review with 2 threads than with 1"
rm -f "$tmp_err.threads"[12]
grep -q -- "--threads N" <<<"$("$SKATDD" analyze --help)" || fail "analyze --help lists --threads"

set +e
"$SKATDD" analyze /nonexistent.sgf >/dev/null 2>&1; [ $? -eq 2 ] || fail "missing file must exit 2"
set -e
grep -q "International Skat Server" <<<"$("$SKATDD" analyze --help)" || fail "analyze --help"
exit 0
