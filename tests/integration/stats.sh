#!/usr/bin/env bash
# skatdd stats over a batch file: every count cross-checked with jq over the
# same lines (best seat and contract, bid ceilings, win rates by jacks,
# trumps, aces and tens), the CSV's shape, the chart, a bad line.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
n=3
"$SKATDD" batch --job table --random $n --seed 5 --quiet --output t.jsonl
"$SKATDD" batch --job solve --random 4 --seed 5 --contract "hearts" --declarer middlehand --quiet --output s.jsonl
"$SKATDD" stats --csv t.jsonl s.jsonl >stats.csv
[ "$(head -1 stats.csv)" = "table,row,column,deals,count,share" ] || fail "the CSV header"
csv() { awk -F, -v t="$1" -v r="$2" -v c="$3" '$1 == t && $2 == r && $3 == c { print $4 " " $5 }' stats.csv; }

# Best seat and contract, as jq counts them.
while IFS=, read -r seat contract count; do
    [ "$(csv best "$seat" "$contract")" = "$n $count" ] || fail "best $seat $contract: $(csv best "$seat" "$contract")"
done < <(jq -r 'if .best_seat then "\(.best_seat),\(.seats[.best_seat].best.contract)" else "nobody,-" end' t.jsonl |
         sort | uniq -c | sed -E 's/^ *([0-9]+) (.*)$/\2,\1/')
# The deals' highest bid ceiling.
while read -r bid count; do
    [ "$(csv bid_ceiling highest "$bid")" = "$n $count" ] || fail "highest ceiling $bid"
done < <(jq -r 'if .best_seat then .seats[.best_seat].bid_ceiling else "none" end' t.jsonl | sort | uniq -c |
         awk '{ print $2, $1 }')
# Grand by jacks held, over every seat of every deal; hearts by trumps,
# from the table's rows and the solve lines together.
jacks='[.[] | select(test("^.J$"))] | length'
while read -r j hands won; do
    [ "$(csv jacks grand "$j")" = "$hands $won" ] || fail "grand with $j jacks: $(csv jacks grand "$j"), jq: $hands $won"
done < <(jq -r --argjson dummy 0 '. as $l | .seats | to_entries[] | .key as $s | .value.contracts[] |
             select(.contract == "grand") | "\($l.deal.hands[$s] | '"$jacks"') \(if .won then 1 else 0 end)"' t.jsonl |
         awk '{ h[$1]++; w[$1] += $2 } END { for (j in h) print j, h[j], w[j] }')
hearts_trumps='[.[] | select(test("^.J$") or test("^H"))] | length'
while read -r t hands won; do
    [ "$(csv trumps hearts "$t")" = "$hands $won" ] || fail "hearts with $t trumps: $(csv trumps hearts "$t"), jq: $hands $won"
done < <({ jq -r '. as $l | .seats | to_entries[] | .key as $s | .value.contracts[] | select(.contract == "hearts") |
               "\($l.deal.hands[$s] | '"$hearts_trumps"') \(if .won then 1 else 0 end)"' t.jsonl
           jq -r '"\(.deal.hands.middlehand | '"$hearts_trumps"') \(if .outcome.won then 1 else 0 end)"' s.jsonl; } |
         awk '{ h[$1]++; w[$1] += $2 } END { for (t in h) print t, h[t], w[t] }')
# Null has no trumps; aces and tens count for every contract.
grep -q '^trumps,null,' stats.csv && fail "null has no trump row"
[ "$(awk -F, '$1 == "aces_tens" && $2 == "null" { s += $4 } END { print s }' stats.csv)" -eq $((3 * n)) ] \
    || fail "null by aces and tens: every seat of every deal"

# The text tables and the chart.
"$SKATDD" stats t.jsonl s.jsonl >stats.txt
grep -q "^$((n + 4)) lines: $n of table, 4 of solve, 0 of other jobs" stats.txt || fail "text: $(head -1 stats.txt)"
for title in "Best seat and contract" "Bid ceilings" "win rate by jacks held" "win rate by trumps held" \
    "win rate by aces and tens held"; do
    grep -q "$title" stats.txt || fail "text: no '$title'"
done
if command -v gnuplot >/dev/null; then
    "$SKATDD" stats --plot ceilings.svg t.jsonl >/dev/null
    grep -q "</svg>" ceilings.svg || fail "--plot: no SVG"
    # Solve lines alone have no ceilings to draw: said, exit 2 (not gnuplot's failure, exit 1).
    status=0
    "$SKATDD" stats --plot none.svg s.jsonl >/dev/null 2>none.err || status=$?
    [ "$status" -eq 2 ] && [ "$(cat none.err)" = "skatdd stats: --plot none.svg: no lines of table, whose bid ceilings it draws" ] &&
        [ ! -e none.svg ] || fail "--plot without table lines: status $status, $(cat none.err)"
fi

# A game solved after its play (ISS 541932 in YAML: rearhand's diamonds, 59,
# lost as played) is no double-dummy answer about the cards dealt: counted,
# said, left out of the win rates.
"$SKATDD" batch --job solve --quiet "$here/data/game.yaml" >played.jsonl
"$SKATDD" stats played.jsonl >played.txt
[ "$(sed -n 3p played.txt)" = "(1 of solve from a position other than the deal's start: left out of the win rates)" ] \
    || fail "a played game: $(head -3 played.txt)"
[ "$("$SKATDD" stats --csv played.jsonl | wc -l)" -eq 1 ] || fail "a played game counted in the win rates"

# A line that is no batch line: said, skipped, exit 2.
{ head -1 t.jsonl; echo '{"no": "index"}'; } >bad.jsonl
status=0
"$SKATDD" stats --csv bad.jsonl >bad.csv 2>bad.err || status=$?
[ "$status" -eq 2 ] || fail "a bad line: status $status"
[ "$(cat bad.err)" = 'bad.jsonl:2:1: not a line of skatdd batch (a JSON object with "index" and "deal")' ] \
    || fail "a bad line: $(cat bad.err)"
grep -q "^best," bad.csv || fail "a bad line stops the rest"

# A line is counted whole or not at all: what batch never writes (a card
# "XX", a ceiling "36" or 37, a "won" of "yes", a contract of no rule system)
# is said and the line left out; these were counted as something else.
# refused_line JQ_FILTER EXPECTED_MESSAGE: the first line of t.jsonl (or of
# $from) changed.
refused_line() {
    head -1 "${from:-t.jsonl}" | jq -c "$1" >one.jsonl
    local status=0
    "$SKATDD" stats --csv one.jsonl >one.csv 2>one.err || status=$?
    [ "$status" -eq 2 ] && [ "$(cat one.err)" = "one.jsonl:1:1: $2: the line is not counted" ] ||
        fail "$1: status $status, $(cat one.err)"
    [ "$(wc -l <one.csv)" -eq 1 ] || fail "$1: the line was counted: $(sed -n 2p one.csv)"
}
refused_line '.seats.forehand.bid_ceiling = "36"' "seats.forehand.bid_ceiling: not a bid (a whole number above 0, or null: none)"
refused_line '.seats.forehand.bid_ceiling = true' "seats.forehand.bid_ceiling: not a bid (a whole number above 0, or null: none)"
refused_line '.seats.forehand.bid_ceiling = -36' "seats.forehand.bid_ceiling: not a bid (a whole number above 0, or null: none)"
refused_line '.seats.middlehand.bid_ceiling = 37' "seats.middlehand.bid_ceiling: 37 is no bid of the isko rules"
refused_line '.deal.hands.rearhand[3] = "XX"' "deal.hands.rearhand[3]: XX is not a card"
refused_line '.deal.hands.rearhand[3] = .deal.hands.rearhand[2]' "deal.hands.rearhand: $(head -1 t.jsonl | jq -r '.deal.hands.rearhand[2]') twice"
refused_line '.deal.hands.forehand |= .[1:]' "deal.hands.forehand: 9 cards, a hand is dealt 10"
refused_line '.seats.forehand.contracts[2].won = "yes"' "seats.forehand.contracts[2].won: not true or false"
refused_line '.seats.rearhand.contracts[1].contract = "frogs"' "seats.rearhand.contracts[1].contract: 'frogs' is no contract of the isko rules"
refused_line '.best_seat = "@SUM(1)"' "best_seat: not forehand, middlehand or rearhand with a seat in the line"
refused_line '.deal.hands.forehand = "CJ"' "deal.hands.forehand: not a list of cards"
refused_line '.seats.forehand.contracts[0].contract = 5' "seats.forehand.contracts[0].contract: not a contract's name"
refused_line '.seats.forehand = 5' "seats.forehand: not an object"
refused_line '.seats.forehand.contracts = {}' "seats.forehand.contracts: not a list"
# The same for lines of solve, whose outcome (or else declarer_points, or
# declarer_wins_null) says won or lost.
from=s.jsonl refused_line '.declarer = "dealer"' "declarer: not forehand, middlehand or rearhand"
from=s.jsonl refused_line '.outcome.won = "yes"' "outcome.won: not true or false"
from=s.jsonl refused_line 'del(.outcome) | .declarer_points = 121' "declarer_points: not card points from 0 to 120"
from=s.jsonl refused_line 'del(.outcome, .declarer_points)' "no outcome: neither declarer_points nor declarer_wins_null"
sed 's/"bid_ceiling":\([0-9][0-9]*\)/"bid_ceiling":\1.0/g' <(head -1 t.jsonl) >real.jsonl
status=0
"$SKATDD" stats real.jsonl >/dev/null 2>real.err || status=$?
[ "$status" -eq 2 ] && grep -q "bid_ceiling: not a bid" real.err || fail "a ceiling of 36.0: status $status, $(cat real.err)"

# A ceiling above any table size: a rule file's ladder reaches 8800 (every
# whole number from 18, grand 800 a level).
sed -e 's/ladder: game_values/ladder: integers/' -e 's/{game: grand, value: 24}/{game: grand, value: 800}/' \
    "$here/../../evaluator/rules/isko.yaml" >wide.yaml
head -1 t.jsonl | jq -c '.rules = "wide" | if .best_seat then .seats[.best_seat].bid_ceiling = 2400 else . end' >big.jsonl
if [ "$(jq -r .best_seat big.jsonl)" != null ]; then
    [ "$("$SKATDD" stats --rules wide.yaml --csv big.jsonl | awk -F, '$1 == "bid_ceiling" && $2 == "highest" { print $3 }')" = 2400 ] \
        || fail "a ceiling of 2400 not counted as such"
fi
# Strings of a line are shown cleaned: no escape sequence or line feed from
# a file reaches the terminal, in a message or a table.
head -1 t.jsonl | jq -c '.seats.forehand.contracts[0].contract = "\u001b]0;t\u0007x\ny"' >esc.jsonl
cat esc.jsonl esc.jsonl >esc2.jsonl
status=0
out=$("$SKATDD" stats esc2.jsonl 2>esc.err) || status=$?
grep -q "$(printf '\e')" <<<"$out" esc.err && fail "an escape sequence from a line reached the output"
[ "$status" -eq 2 ] && [ "$(head -1 esc.err)" = "esc2.jsonl:1:1: seats.forehand.contracts[0].contract: '?]0;t?x?y' is no contract of the isko rules: the line is not counted" ] ||
    fail "a contract with an escape sequence: status $status, $(cat -v esc.err)"
# Text from a line that begins like a spreadsheet formula (=, +, -, @) is no
# seat or contract: refused, never a field of the CSV; skatdd's own words and
# numbers (nobody's "-", counts) are written as they are.
head -1 t.jsonl | jq -c '.best_seat = "@seat" | .seats["@seat"] = {"best": {"contract": "=HYPERLINK(\"http://x\",\"y\")"}}' >formula.jsonl
head -1 t.jsonl | jq -c '.seats.forehand.contracts = [{"contract": "+1+2", "won": true}, {"contract": "-grand", "won": false}]' >>formula.jsonl
head -1 t.jsonl | jq -c 'del(.best_seat)' >>formula.jsonl
status=0
"$SKATDD" stats --csv formula.jsonl >formula.csv 2>formula.err || status=$?
[ "$status" -eq 2 ] && [ "$(wc -l <formula.err)" -eq 2 ] && grep -qx "best,nobody,-,1,1,1.000000" formula.csv ||
    fail "formula-like text in the lines: status $status, $(cat formula.err) $(head -3 formula.csv)"
grep -Eq '(^|,)([=+@]|-[^,])' formula.csv && fail "a CSV field begins like a formula: $(grep -E '(^|,)([=+@]|-[^,])' formula.csv)"
# A rule system stats cannot load, --rules that is none, a directory: exit 2.
head -1 t.jsonl | jq -c '.rules = "nosuch"' >other.jsonl
status=0
"$SKATDD" stats other.jsonl >/dev/null 2>other.err || status=$?
[ "$status" -eq 2 ] && grep -q "^other.jsonl:1:1: unknown rule system 'nosuch'" other.err || fail "an unknown rule system: $status $(cat other.err)"
# A line names its rule system: a path there is not opened (a FIFO would hang).
mkfifo fifo
head -1 t.jsonl | jq -c --arg f "$tmp/fifo" '.rules = $f' >path.jsonl
status=0
timeout 20 "$SKATDD" stats path.jsonl >/dev/null 2>path.err || status=$?
[ "$status" -eq 2 ] && [ "$(cat path.err)" = "path.jsonl:1:1: rule system '$tmp/fifo' is a path, not a name (give its file with --rules)" ] ||
    fail "a path as a line's rule system: $status $(cat path.err)"
head -1 t.jsonl | jq -c '.rules = "no\u001b[2Jsuch"' >escrules.jsonl
status=0
"$SKATDD" stats escrules.jsonl >/dev/null 2>escrules.err || status=$?
[ "$status" -eq 2 ] && grep -q "^escrules.jsonl:1:1: unknown rule system 'no?\[2Jsuch'" escrules.err ||
    fail "a rule system name with an escape sequence: $status $(cat -v escrules.err)"
for args in "--rules nosuch t.jsonl" "$tmp" "--format json t.jsonl"; do
    status=0
    # shellcheck disable=SC2086
    "$SKATDD" stats $args >/dev/null 2>&1 || status=$?
    [ "$status" -eq 2 ] || fail "stats $args: status $status"
done
# --rules is read before any line: one that cannot be read is said, and
# nothing is counted or printed; one that can be read is used.
status=0
"$SKATDD" stats --rules nosuch t.jsonl >given.out 2>given.err || status=$?
[ "$status" -eq 2 ] && [ ! -s given.out ] &&
    [ "$(cat given.err)" = "skatdd stats: --rules nosuch: unknown rule system 'nosuch' (skatdd rules lists them)" ] ||
    fail "--rules nosuch: status $status, $(cat given.err)"
"$SKATDD" stats --rules texas t.jsonl >given.out || fail "--rules texas: refused"
grep -q "^$n lines: $n of table" given.out || fail "--rules texas: $(head -1 given.out)"
# Bid ceilings are bids of the line's rules: one off the ladder is said, not
# counted, and the rows stay as few as the bids.  Lines of ever new ceilings
# took time growing with their square (40,000 lines: 18 s, 80,000: 92 s).
hands=$(head -1 t.jsonl | jq -c .deal.hands)
# Under the sanitizers (SKATDD_QUICK) a quarter of the lines: parsing them
# is most of the time, and ASan's allocator makes it ten times slower.
lines=40000
[ -n "${SKATDD_QUICK-}" ] && lines=10000
awk -v hands="$hands" -v lines=$lines 'BEGIN { for (i = 0; i < lines; i++)
    printf "{\"index\":%d,\"job\":\"table\",\"rules\":\"wide\",\"deal\":{\"hands\":%s},\"best_seat\":\"forehand\",\"seats\":{\"forehand\":{\"bid_ceiling\":%d,\"best\":{\"contract\":\"grand\"},\"contracts\":[]},\"middlehand\":{\"bid_ceiling\":%d,\"contracts\":[]},\"rearhand\":{\"bid_ceiling\":%d,\"contracts\":[]}}}\n", i, hands, 4 * i + 1, 4 * i + 2, 4 * i + 3 }' >ceilings.jsonl
status=0
timeout 10 "$SKATDD" stats --rules wide.yaml --csv ceilings.jsonl >ceilings.csv 2>ceilings.err || status=$?
[ "$status" -eq 2 ] || fail "$lines lines of new bid ceilings: status $status"
# Lines 1 to 5 hold a ceiling below 18, lines from 2201 on one above 8800.
[ "$(head -1 ceilings.err)" = "ceilings.jsonl:1:1: seats.forehand.bid_ceiling: 1 is no bid of the wide rules: the line is not counted" ] &&
    [ "$(wc -l <ceilings.err)" -eq 21 ] &&
    [ "$(tail -n 1 ceilings.err)" = "ceilings.jsonl: $((lines - 2195 - 20)) more messages about its lines not shown (the first 20 are)" ] ||
    fail "bid ceilings off the ladder: $(head -1 ceilings.err) / $(tail -n 1 ceilings.err)"
[ "$(grep -c '^bid_ceiling,highest,' ceilings.csv)" -eq 2195 ] && grep -qx 'bid_ceiling,rearhand,8799,2195,1,0.000456' ceilings.csv ||
    fail "bid ceilings up to 8800: $(grep -c '^bid_ceiling,' ceilings.csv) rows"
# A file's wrong lines are said up to 20 messages, then counted: a file of
# newlines wrote 90 bytes on stderr for each of its bytes (10 MB: 900 MB).
head -c 1000000 /dev/zero | tr '\0' '\n' >newlines.jsonl
status=0
"$SKATDD" stats newlines.jsonl >/dev/null 2>newlines.err || status=$?
[ "$status" -eq 2 ] && [ "$(wc -l <newlines.err)" -eq 21 ] &&
    [ "$(sed -n 20p newlines.err)" = 'newlines.jsonl:20:1: not a line of skatdd batch (a JSON object with "index" and "deal")' ] &&
    [ "$(tail -n 1 newlines.err)" = "newlines.jsonl: 999980 more messages about its lines not shown (the first 20 are)" ] ||
    fail "a file of newlines: status $status, $(wc -l <newlines.err) lines on stderr"
