#!/usr/bin/env bash
# skatdd solve end to end: answers that follow from the cards alone, the JSON
# keys, text output, several documents per file, help and version.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
data="$here/data/obvious.yaml"
fail() { echo "FAIL: $*" >&2; exit 1; }

json=$("$SKATDD" solve --format json "$data")
[ "$(echo "$json" | wc -l)" -eq 4 ] || fail "expected 4 JSON lines"
line() { echo "$json" | sed -n "${1}p"; }

# 1. Declarer holds all jacks, aces and tens and leads: every trick, 120 points.
d=$(line 1)
[ "$(echo "$d" | jq .declarer_points)" = 120 ] || fail "all tops: points"
[ "$(echo "$d" | jq .declarer_can_schwarz)" = true ] || fail "all tops: schwarz"
[ "$(echo "$d" | jq .defenders_can_schwarz)" = false ] || fail "all tops: defenders"
[ "$(echo "$d" | jq '.line | length')" = 30 ] || fail "all tops: line length"
[ "$(echo "$d" | jq '[.moves[].declarer_points] | max')" = 120 ] || fail "all tops: best move"
for key in name contract declarer to_move declarer_points declarer_can_schwarz defenders_can_schwarz \
    declarer_wins_null discard moves line nodes ms; do
    echo "$d" | jq -e "has(\"$key\")" >/dev/null || fail "missing key $key"
done

# 2. Forehand leads C7; middlehand's only club is the ace: null lost.
d=$(line 2)
[ "$(echo "$d" | jq .declarer_wins_null)" = false ] || fail "bare ace: null"
[ "$(echo "$d" | jq .declarer_points)" = null ] || fail "null has no points"

# 3. One trick left: the declarer's jack takes SA and ST: 40 + 23.
d=$(line 3)
[ "$(echo "$d" | jq .declarer_points)" = 63 ] || fail "last trick: points"
[ "$(echo "$d" | jq -c .line)" = '["SA","HJ","ST"]' ] || fail "last trick: line"

# 4. HT led by the declarer (forehand) in spades; middlehand must play HA, and
#    rearhand has no heart: no trump either, DA.  Defenders take HT HA DA = 32;
#    then middlehand leads C7, CA takes it with CT: 50 + 21.
d=$(line 4)
[ "$(echo "$d" | jq .to_move)" = '"middlehand"' ] || fail "mid-trick: to move"
[ "$(echo "$d" | jq -c '[.moves[].card]')" = '["HA"]' ] || fail "mid-trick: must follow"
[ "$(echo "$d" | jq .declarer_points)" = 71 ] || fail "mid-trick: points"

# 5. The declarer has taken two tricks (8 card points) and the defenders take
#    the last: lost schneidered, not schwarz (-72, as score counts the game).
o=$("$SKATDD" solve --format json "$here/data/solve_taken_tricks.yaml")
[ "$(echo "$o" | jq .defenders_can_schwarz)" = true ] || fail "taken tricks: no further trick"
[ "$(echo "$o" | jq .outcome.score)" = -72 ] || fail "taken tricks: outcome $(echo "$o" | jq -c .outcome)"

# --after beyond where an ISS record stops: its last position, and a note says so.
note=$("$SKATDD" solve --after 29 "$here/data/iss_early.sgf" 2>&1 >/dev/null || true) # a bad record in it: exit 2
note=${note%%$'\n'*}
[ "$note" = "ISS game declarer-resigns: note: the record stops after 6 cards, before --after 29: its last position" ] ||
    fail "--after beyond the record: $note"

# --after cuts a YAML deal's play: too (it was ignored: the position after all
# of it): game.yaml is ISS game 541932 written in YAML, and both forms give the
# same position after the same cards.
for after in 0 3 10 29 30; do
    yaml=$("$SKATDD" solve --after $after --format json "$here/data/game.yaml" | jq -c 'del(.name, .nodes, .ms)')
    iss=$("$SKATDD" solve --after $after --format json "$here/data/iss_games.sgf" 2>/dev/null | sed -n 1p |
        jq -c 'del(.name, .nodes, .ms)')
    [ "$yaml" = "$iss" ] || fail "--after $after: YAML deal and ISS record differ"
done
[ "$("$SKATDD" solve --after 3 --format json "$here/data/game.yaml" | jq '.line | length')" = 27 ] ||
    fail "--after 3 on a YAML deal: not 27 cards left"
note=$("$SKATDD" solve --after 29 --format json "$here/data/solve_taken_tricks.yaml" 2>&1 >/dev/null)
grep -q '^.*solve_taken_tricks.yaml:1:1: note: the record stops after 27 cards, before --after 29: its last position$' <<<"$note" ||
    fail "--after beyond a YAML deal's play: $note"

# Text output names the result in words.
text=$("$SKATDD" solve --ascii "$data")
grep -q "declarer takes 120 card points with best play; can force schwarz: yes" <<<"$text" || fail "text result"
grep -q "the declarer cannot avoid every trick" <<<"$text" || fail "text null"
# One trick taken is "1 trick" (it said "1 tricks"): ISS game 541932 after its first trick.
text=$("$SKATDD" solve --ascii --after 4 "$here/data/iss_games.sgf" 2>/dev/null) # a note: a record stops before
grep -q "^Contract: diamonds, declarer rearhand; forehand to play; declarer has 32 card points and 1 trick so far$" \
    <<<"$text" || fail "text: one trick: $(grep -m1 '^Contract' <<<"$text")"

# A game the rules cannot score as bid (ISkO: a null game below its bid is
# not allowed) is solved, and its outcome says why it is no valid game.
text=$(sed 's/^contract: null hand$/contract: null hand\nbid: 48\nrules: isko/' "$data" | "$SKATDD" solve --ascii - |
    grep '^Outcome.*not a valid game')
[ "$text" = "Outcome (isko rules): not a valid game: null hand (35) does not cover the bid 48: not allowed in the isko rules" ] ||
    fail "text: an outcome that is no valid game: $text"
# So is a suit game that cannot reach its bid (the announcement obligation):
# diamonds without 4 bid 45, the club jack in the skat: even schwarz is 36.
refused="$here/data/worked_examples_refused.yaml"
text=$(sed '/^declarer_points/d; /^declarer_tricks/d' "$refused" | "$SKATDD" solve --ascii - | grep '^Outcome')
[ "$text" = "Outcome (isko rules): not a valid game: diamonds cannot reach the bid 45 (at most 36 with these twelve cards): not allowed in the isko rules" ] ||
    fail "text: a game that cannot reach its bid: $text"
outcome=$(sed '/^declarer_points/d; /^declarer_tricks/d' "$refused" | "$SKATDD" solve --format json - | jq -c '.outcome | [.valid, .score]')
[ "$outcome" = '[false,0]' ] || fail "json: a game that cannot reach its bid: $outcome"

# Two threads share each position's search (--threads 2, and 0 on two cores
# or more): every answer is one thread's, only nodes and times differ; one
# thread is the default.  The bundled problems that solve takes, and the
# records' games after every third card.
top=$(dirname "$(dirname "$here")")
files=()
for f in declarer_play defence discard examples full_deals midtrick null; do files+=("$top/problems/$f.yaml"); done
for f in obvious line_schwarz kontra worked_examples discard_schwarz_problem ramsch_mistakes; do
    files+=("$here/data/$f.yaml")
done
answers() {
    "$SKATDD" solve --format json "$@" "${files[@]}"
    for after in $(seq 0 3 27); do
        "$SKATDD" solve --format json --after "$after" "$@" "$here/data/iss_games.sgf" 2>/dev/null # notes: a record ends early
    done
}
one=$(answers | jq -c 'del(.nodes, .ms)')
[ "$(echo "$one" | wc -l)" -gt 100 ] || fail "threads: too few positions solved"
[ "$(answers --threads 2 | jq -c 'del(.nodes, .ms)')" = "$one" ] ||
    fail "solve --threads 2 answers otherwise than one thread"
[ "$(answers --threads 0 | jq -c 'del(.nodes, .ms)')" = "$one" ] ||
    fail "solve --threads 0 answers otherwise than one thread"
nodes() { "$SKATDD" solve --format json "$@" "$data" | jq -c '[.nodes]'; }
[ "$(nodes)" = "$(nodes)" ] || fail "one thread: the nodes vary from run to run"
[ "$(nodes)" = "$(nodes --threads 1)" ] || fail "solve: one thread is not the default"

grep -q solve <<<"$("$SKATDD" --help)" || fail "--help"
grep -q -- "--format" <<<"$("$SKATDD" solve --help)" || fail "solve --help"
grep -q "^skatdd " <<<"$("$SKATDD" --version)" || fail "--version"
set +e
"$SKATDD" solve --format xml "$data" >/dev/null 2>&1; [ $? -eq 2 ] || fail "bad option must exit 2"
"$SKATDD" frobnicate >/dev/null 2>&1; [ $? -eq 2 ] || fail "unknown command must exit 2"
said=$("$SKATDD" solve -x.yaml 2>&1 >/dev/null); [ $? -eq 2 ] || fail "an unknown short option must exit 2"
[ "$said" = "skatdd solve: unknown option '-x' (see skatdd solve --help)" ] || fail "an unknown short option: $said"
"$SKATDD" solve /nonexistent.yaml >/dev/null 2>&1; [ $? -eq 2 ] || fail "missing file must exit 2"
exit 0
