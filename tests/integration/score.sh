#!/usr/bin/env bash
# skatdd score end to end: games scored as the ISkO scores them.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
fail() { echo "FAIL: $*" >&2; exit 1; }
json=$("$SKATDD" score --format json "$here/data/score.yaml")
line() { echo "$json" | sed -n "${1}p"; }
field() { line "$1" | jq -c "$2"; }

# Grand with four, played out: 116 points, schneider: with 4, game 5, schneider 6: 144.
[ "$(field 1 .won)" = true ] || fail "grand: won"
[ "$(field 1 .declarer_points)" = 116 ] || fail "grand: points from the play"
[ "$(field 1 .game_value)" = 144 ] || fail "grand: value"
[ "$(field 1 .tournament.declarer)" = 194 ] || fail "grand: Seeger-Fabian +50"
# Clubs hand with seven (CJ SJ HJ DJ CA CT CK), lost with 59: 9 x 12 = 108, doubled.
[ "$(field 2 .won)" = false ] || fail "clubs hand: lost"
[ "$(field 2 .score)" = -216 ] || fail "clubs hand: score"
[ "$(field 2 .tournament.declarer)" = -266 ] || fail "clubs hand: Seeger-Fabian"
[ "$(field 2 .tournament.defender)" = 40 ] || fail "clubs hand: defenders +40"
# Bid 30 on clubs without two; the club jack in the skat makes it with 1, game 2
# = 24 < 30: overbid, lost at the next multiple of 12 (36), doubled: -72.
[ "$(field 3 .overbid)" = true ] || fail "overbid flag"
[ "$(field 3 .score)" = -72 ] || fail "overbid score"
[ "$(field 3 .matadors)" = 1 ] || fail "matadors with the skat's jack"

# A game no outcome could bring up to the bid is no valid game in a YAML
# record (tests/bad/score_unreachable_*), but one the ISS server let be played
# is scored as played: diamonds without 2 bid 46 (45 at most), lost overbid at
# 6 x 9 = 54, doubled; analyze reviews it and scores it alike.
[ "$("$SKATDD" score --format json "$here/data/iss_unreachable.sgf" | jq -c '[.won, .overbid, .score]')" = \
  '[false,true,-108]' ] || fail "ISS record that cannot reach its bid: scored as a lost overbid"
[ "$("$SKATDD" analyze --format json "$here/data/iss_unreachable.sgf" | jq -c '.summary.result.score')" = -108 ] ||
  fail "ISS record that cannot reach its bid: analyze scores it as played"

[ "$(field 2 .tournament.dealer)" = null ] || fail "clubs hand: no dealer at a table of three"
# At a table of four each defender and the dealer sitting out get +30.
four=$("$SKATDD" score --format json --table-size 4 "$here/data/score.yaml" | sed -n 2p)
[ "$(echo "$four" | jq -c '[.tournament.defender, .tournament.dealer, .tournament.table_size]')" = '[30,30,4]' ] ||
  fail "clubs hand at a table of four: defenders and dealer +30"
text=$("$SKATDD" score --table-size 4 "$here/data/score.yaml")
grep -q "each defender +30, the dealer sitting out +30" <<<"$text" || fail "text: the dealer's bonus at a table of four"

# Spitze (classic): the diamond jack takes the last trick, a level more
# (with 4, game 5, schneider 6, spitze 7: 7 x 20 = 140); taken a trick early,
# the game is lost at that value, doubled.
spitze=$("$SKATDD" score --format json "$here/data/spitze.yaml" | jq -s -c '[.[] | [.won, .spitze_made, .score]]')
[ "$spitze" = '[[true,true,140],[false,false,-280]]' ] || fail "spitze made and not made: $spitze"
grep -q "Spitze announced and made" <<<"$("$SKATDD" score "$here/data/spitze.yaml")" || fail "spitze in text"

text=$("$SKATDD" score "$here/data/score.yaml")
grep -q "with 4, game 5, schneider 6 -> 6 x 24 = 144" <<<"$text" || fail "text breakdown"
grep -q "^Score: -72" <<<"$text" || fail "text overbid score"
# Ramsch under the classic rules, counted by hand from the play: forehand 41,
# middlehand 59, rearhand 13 + the skat (DK DQ, 7) for taking the last trick;
# middlehand has the most and loses 59.
ramsch=$("$SKATDD" score --format json "$here/data/ramsch.yaml")
[ "$(echo "$ramsch" | jq -c .points)" = '{"forehand":41,"middlehand":59,"rearhand":20}' ] || fail "ramsch points"
[ "$(echo "$ramsch" | jq -c .scores)" = '{"forehand":0,"middlehand":-59,"rearhand":0}' ] || fail "ramsch scores"
# Its tournament points: the loser's game lost (-50), +40 to each other
# player (Seeger-Fabian, three at the table); under texas rearhand wins 10
# and a game (+50); nobody lost, so nothing to the others or the dealer.
[ "$(echo "$ramsch" | jq -c '.tournament | [.forehand, .middlehand, .rearhand]')" = '[40,-109,40]' ] ||
  fail "ramsch tournament points"
texas=$("$SKATDD" score --format json --rules texas --scheme texas-match-points --table-size 4 "$here/data/ramsch.yaml")
[ "$(echo "$texas" | jq -c '.tournament | [.forehand, .middlehand, .rearhand, .dealer]')" = '[0,0,60,0]' ] ||
  fail "texas ramsch match points"
grep -q "^Tournament (seeger-fabian): forehand +40, middlehand -109, rearhand +40" \
  <<<"$("$SKATDD" score "$here/data/ramsch.yaml")" || fail "ramsch tournament text"
# Every doubling call of the classic rules, by name or number: 120 x 4, 8, 16, 16.
kontra=$("$SKATDD" score --format json "$here/data/kontra.yaml" | jq -s -c '[.[] | .score]')
[ "$kontra" = '[480,960,1920,1920]' ] || fail "classic doubling calls: $kontra"
# A bid up to the highest value the rules allow (10,000): table offers a
# null ouvert hand worth 10000 as the bid ceiling, which a deal file's bid:
# once refused ("bid must be an integer from 1 to 9999").
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
sed 's/{game: null, hand: true, ouvert: true, value: 59}/{game: null, hand: true, ouvert: true, value: 10000}/' \
    "$here/../../evaluator/rules/isko.yaml" >"$tmp/wide.yaml"
printf 'hands:\n  forehand: C7 C8 C9 S7 S8 S9 H7 H8 H9 D7\n  middlehand: CA CT CK CQ CJ SA ST SK SQ SJ\n  rearhand: HA HT HK HQ HJ DA DT DK DQ DJ\nskat: D8 D9\ndeclarer: forehand\ncontract: null ouvert hand\nbid: 10000\nrules: %s\n' \
    "$tmp/wide.yaml" >"$tmp/top_bid.yaml"
[ "$("$SKATDD" solve --format json "$tmp/top_bid.yaml" | jq -c '[.outcome.won, .outcome.score]')" = '[true,10000]' ] ||
    fail "bid 10000 on a null ouvert hand worth 10000"

# solve's optimal line, played out, scores what solve says: the defenders keep
# the declarer from any trick (schwarz counts in his loss), and with that
# discard he takes a trick worth nothing (no schwarz).  Each line once gave the
# zero-point trick to the other side: score counted -96 and -168.
solved=$("$SKATDD" solve --format json "$here/data/line_schwarz.yaml")
[ "$(echo "$solved" | jq -s -c '[.[].outcome.score]')" = '[-120,-144,-240]' ] || fail "line_schwarz: solve's scores"
awk -v RS='\n---\n' -v dir="$tmp" '{ f = dir "/line" NR ".yaml"; printf "%s\n", $0 > f; close(f) }' \
    "$here/data/line_schwarz.yaml"
for k in 1 2 3; do
    play=$(echo "$solved" | sed -n "${k}p" | jq -r '.line | join(" ")')
    echo "play: $play" >>"$tmp/line$k.yaml"
done
played=$("$SKATDD" score --format json "$tmp/line1.yaml" "$tmp/line2.yaml" "$tmp/line3.yaml")
[ "$(echo "$played" | jq -s -c '[.[].score]')" = '[-120,-144,-240]' ] ||
    fail "line_schwarz: the lines played out score $(echo "$played" | jq -s -c '[.[].score]')"
# The breakdowns too: the third names the declarer's tricks on the line (8;
# solve said "1 tricks", the trick count it started from, raised to 1).
[ "$(echo "$solved" | jq -s -c '[.[].outcome.breakdown]')" = "$(echo "$played" | jq -s -c '[.[].breakdown]')" ] ||
    fail "line_schwarz: solve's breakdowns differ from the lines' played out"
grep -q '; lost: schwarz announced, 8 tricks -> ' <<<"$(echo "$solved" | sed -n 3p | jq -r .outcome.breakdown)" ||
    fail "line_schwarz: the tricks of a missed schwarz announcement"

set +e
# A scheme the rules do not have is an error for a Ramsch too, never ignored.
"$SKATDD" score --scheme bogus "$here/data/ramsch.yaml" >/dev/null 2>&1
[ $? -eq 2 ] || fail "ramsch: unknown scheme must be refused"
# An empty --scheme names no scheme: it chose the rules' first one silently.
err=$("$SKATDD" score --scheme '' "$here/data/score.yaml" 2>&1 >/dev/null)
[ $? -eq 2 ] && [ "$err" = "skatdd score: --scheme needs the name of a tournament scheme of the rules (skatdd rules NAME lists them)" ] ||
    fail "score --scheme '': $err"
"$SKATDD" score --rules isko "$here/data/ramsch.yaml" >/dev/null 2>&1
[ $? -eq 2 ] || fail "ramsch under isko must be refused"
exit 0
