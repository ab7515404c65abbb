#!/usr/bin/env bash
# skatdd analyze on Ramsch games: the score is `score`'s, every card's values
# are `solve`'s for the position before it (its seat's fewest points, and the
# value after the card among solve's moves), a Durchmarsch and a Jungfrau
# thrown away are decisive where the rules reward them, --min-cost hides the
# small inaccuracies, and a record that stops early is reviewed up to there.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
data="$here/data"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

# 1. The score as `score` gives it, for every game (loser and winner scoring,
# a Jungfrau, pushes).
for file in ramsch.yaml ramsch_mistakes.yaml; do
    a=$("$SKATDD" analyze --format json "$data/$file")
    s=$("$SKATDD" score --format json "$data/$file")
    [ "$(echo "$a" | wc -l)" = "$(echo "$s" | wc -l)" ] || fail "$file: game count"
    for i in $(seq 1 "$(echo "$a" | wc -l)"); do
        mine=$(echo "$a" | sed -n "${i}p" | jq -c '[(.summary.ramsch | map_values(.score)), .summary.result.breakdown,
                                                 .summary.result.durchmarsch, .summary.result.jungfrauen,
                                                 (.summary.ramsch | map_values(.points))]')
        theirs=$(echo "$s" | sed -n "${i}p" | jq -c '[.scores, .breakdown, .durchmarsch, .jungfrauen, .points]')
        [ "$mine" = "$theirs" ] || fail "$file game $i: analyze $mine, score $theirs"
    done
done

# 2. Agreement with solve: the record cut after k cards is the position
# before card k; its mover's fewest points is value_before, and value_after
# is solve's value of the card played.
full=$("$SKATDD" analyze --format json "$data/ramsch.yaml")
cards=$(sed -n '/^play:/,$p' "$data/ramsch.yaml" | tail -n +2 | tr -d '/' | tr -s ' \n' ' ')
cut() { # cut FILE K: the deal with its first K cards of play
    { sed '/^play:/,$d' "$1"; echo "play: $(echo "$cards" | awk -v k="$2" '{for (i = 1; i <= k; i++) printf "%s ", $i}')"; } 
}
for k in 0 4 13 29; do
    if [ "$k" = 0 ]; then sed '/^play:/,$d' "$data/ramsch.yaml" >"$tmp/cut.yaml"; else cut "$data/ramsch.yaml" "$k" >"$tmp/cut.yaml"; fi
    solve=$("$SKATDD" solve --format json "$tmp/cut.yaml")
    card=$(echo "$full" | jq -c ".cards[$k]")
    seat=$(echo "$card" | jq -r .seat)
    [ "$(echo "$solve" | jq -r .to_move)" = "$seat" ] || fail "card $k: to move"
    [ "$(echo "$solve" | jq ".ramsch.$seat.fewest_points")" = "$(echo "$card" | jq .value_before)" ] ||
        fail "card $k: value before $(echo "$card" | jq .value_before), solve $(echo "$solve" | jq ".ramsch.$seat.fewest_points")"
    played=$(echo "$card" | jq -r .card)
    [ "$(echo "$solve" | jq ".moves[] | select(.card == \"$played\") | .fewest_points")" = "$(echo "$card" | jq .value_after)" ] ||
        fail "card $k: value after"
    # the better cards of a mistake are the cards solve values as the best
    if [ "$(echo "$card" | jq -r .mistake)" = inaccuracy ]; then
        [ "$(echo "$card" | jq -c '.better | sort')" = \
          "$(echo "$solve" | jq -c --arg p "$played" '[.moves as $m | ($m | map(.fewest_points) | min) as $b
                                                       | $m[] | select(.fewest_points == $b and .card != $p) | .card] | sort')" ] ||
            fail "card $k: better"
    fi
done
[ "$(echo "$full" | jq '[.cards[] | .cost == .value_after - .value_before] | all')" = true ] || fail "cost"
[ "$(echo "$full" | jq '[.summary.ramsch[].cost] | add')" = "$(echo "$full" | jq '[.cards[] | select(.mistake != "none") | .cost] | add')" ] ||
    fail "seat costs"
[ "$(echo "$full" | jq -c '[.summary.ramsch[].fewest_points]')" = '[81,77,51]' ] || fail "fewest at the start"

# 3. A Durchmarsch and a Jungfrau thrown away (classic rules reward both;
# texas scores a Durchmarsch negative: no flag there).
m=$("$SKATDD" analyze --format json "$data/ramsch_mistakes.yaml")
g1=$(echo "$m" | sed -n 1p)
g2=$(echo "$m" | sed -n 2p)
[ "$(echo "$g1" | jq -c '[.cards[0,2] | [.seat, .card, .mistake, .lost]]')" = \
  '[["forehand","CA","decisive","durchmarsch"],["rearhand","DJ","decisive","jungfrau"]]' ] || fail "decisive: $(echo "$g1" | jq -c '.cards[0,2]')"
[ "$(echo "$g1" | jq -c '.cards[0].better | index("CJ") != null')" = true ] || fail "durchmarsch: better CJ"
[ "$(echo "$g1" | jq -c '.cards[2].better | index("DJ") == null and length > 0')" = true ] || fail "jungfrau: better"
[ "$(echo "$g1" | jq -c '.summary.turning_points | map(.lost)')" = '["durchmarsch","jungfrau"]' ] || fail "turning points"
[ "$(echo "$g1" | jq -c '[.summary.ramsch.forehand.takes_all, .summary.ramsch.rearhand.avoids_all]')" = '[true,true]' ] ||
    fail "chances at the start"
[ "$(echo "$g2" | jq -c '.summary.turning_points | map(.lost)')" = '["jungfrau"]' ] || fail "texas: turning points"
[ "$(echo "$g2" | jq '.summary.ramsch.forehand.takes_all')" = false ] || fail "texas: durchmarsch rewarded"

# 4. --min-cost: inaccuracies below it are not mistakes; decisive ones stay.
hi=$("$SKATDD" analyze --format json --min-cost 15 "$data/ramsch_mistakes.yaml" | sed -n 1p)
[ "$(echo "$hi" | jq '[.cards[] | select(.mistake == "inaccuracy") | .cost] | min >= 15')" = true ] || fail "min-cost"
[ "$(echo "$hi" | jq '[.cards[] | select(.mistake == "decisive")] | length')" = 2 ] || fail "min-cost: decisive"
[ "$(echo "$hi" | jq '.summary.ramsch.forehand.mistakes')" = 1 ] || fail "min-cost: forehand"

# 5. A record that stops early: the same cards as the full game's, no score.
cut "$data/ramsch.yaml" 13 >"$tmp/short.yaml"
short=$("$SKATDD" analyze --format json "$tmp/short.yaml")
[ "$(echo "$short" | jq '.cards | length')" = 13 ] || fail "short: cards"
[ "$(echo "$short" | jq -c '[.cards[] | del(.better)]')" = "$(echo "$full" | jq -c '[.cards[:13][] | del(.better)]')" ] ||
    fail "short: not the full game's first cards"
[ "$(echo "$short" | jq -c '[.summary.result.complete, .summary.result.breakdown, .summary.ramsch.forehand.score]')" = \
  '[false,null,null]' ] || fail "short: result"
grep -q "^  result: the record stops after 13 cards$" <<<"$("$SKATDD" analyze "$tmp/short.yaml")" || fail "short: text"

# 6. Text.
text=$("$SKATDD" analyze --ascii "$data/ramsch_mistakes.yaml")
grep -q "^      forehand CA?? throws away the Durchmarsch; costs 0 (120 -> 120); better: " <<<"$text" || fail "text: durchmarsch"
grep -q "^      rearhand DJ?? throws away the Jungfrau (no trick); costs 13 (0 -> 13); better: " <<<"$text" || fail "text: jungfrau"
grep -q "^  result: card points (skat 0 to forehand): 107, 0, 13; forehand loses 107 x 2 (1 Jungfrau) = -214$" <<<"$text" ||
    fail "text: result"
# The skat pushed on twice: what the factor is made of, in the plural (it
# said "(1 Jungfrau, 2 push)"), and score says the same.
grep -q "^  result: card points (skat 0 to forehand): 107, 0, 13; forehand loses 107 x 8 (1 Jungfrau, 2 pushes) = -856$" \
    <<<"$text" || fail "text: result after two pushes"
[ "$("$SKATDD" score --format json "$data/ramsch_mistakes.yaml" | sed -n 3p | jq -r .breakdown)" = \
    "card points (skat 0 to forehand): 107, 0, 13; forehand loses 107 x 8 (1 Jungfrau, 2 pushes) = -856" ] ||
    fail "score: the breakdown after two pushes"
grep -q "^  turning points: trick 1, forehand CA: Durchmarsch thrown away; trick 1, rearhand DJ: Jungfrau thrown away$" <<<"$text" ||
    fail "text: turning points"

# Where the skat goes to the loser (skat_to: loser) it is in nobody's fewest
# points, and the review says so instead of naming the last trick's winner.
sed 's/^  skat_to: last_trick$/  skat_to: loser/' "$here/../../evaluator/rules/classic.yaml" >"$tmp/loser.yaml"
grep -q '^  skat_to: loser$' "$tmp/loser.yaml" || fail "no skat_to to change"
sed "s|^rules: classic\$|rules: $tmp/loser.yaml|" "$data/ramsch.yaml" >"$tmp/loser_game.yaml"
grep -q "^rules: $tmp/loser.yaml" "$tmp/loser_game.yaml" || fail "no rules: to change"
loser=$("$SKATDD" analyze "$tmp/loser_game.yaml")
grep -qx "Contract: ramsch (loser rules; the skat goes to the loser: not counted in the fewest points)" <<<"$loser" ||
    fail "skat_to: loser not said in the review"
exit 0
