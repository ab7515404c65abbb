#!/usr/bin/env bash
# Numbers on the command line are read one way by every command
# (cli/common.c: parse_whole, parse_fraction): a whole number is decimal
# digits alone, a fraction digits with at most one '.'.  Every numeric option
# refuses a sign, a space, an exponent, hexadecimal, a word or a number too
# large for any range, with one line naming the command and the option and
# exit status 2, before any work; the spellings it takes mean their value.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
data="$here/data"
fail() { echo "FAIL: $*" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
cat >hand.yaml <<'YAML'
hands:
  forehand: CJ SJ HJ DJ CA CT CK C9 SA H7
YAML

# refused COMMAND... -- OPTION VALUE: status 2, one line on stderr that
# starts "skatdd COMMAND: --OPTION " (COMMAND the one typed: batch for a
# job's options too, which once named the job), no output.
refused() {
    local command=() status=0
    while [ "$1" != -- ]; do command+=("$1"); shift; done
    local option=$2 value=$3 who=${command[0]}
    "$SKATDD" "${command[@]}" "--$option" "$value" hand.yaml >out 2>err || status=$?
    local lines
    mapfile -t lines <err # no command substitution: about 900 runs
    [ "$status" -eq 2 ] || fail "${command[*]} --$option '$value': status $status, $(cat err)"
    [ "${#lines[@]}" -eq 1 ] && [[ "${lines[0]}" == "skatdd $who: --$option "* ]] ||
        fail "${command[*]} --$option '$value': $(cat err)"
    [ ! -s out ] || fail "${command[*]} --$option '$value': output $(head -c 200 out)"
    refusals=$((refusals + 1))
}

# Spellings of a whole number that are not its decimal digits alone.  The
# space before a minus once slipped past evaluate's and batch's look at the
# first character: --seed ' -5' was the seed 2^64 - 5.
whole_refused() { # COMMAND... -- OPTION VALUE, a value it takes
    local n=${*: -1}
    set -- "${@:1:$#-1}"
    for bad in "" " $n" "$n " "	$n" "+$n" "-$n" " -$n" "-0" "$n.0" "$n." ".$n" "${n}e0" "1e1" "0x$n" "0X$n" \
        "inf" "nan" "infinity" "${n}x" "x$n" "$n,0" "1 000" "١" "18446744073709551616" \
        "99999999999999999999999999999999"; do
        refused "$@" "$bad"
    done
}
# Every option reads its number through the same function, so the whole list
# is tried on one option of each way there (a command's own option, a common
# one, batch's own, a job's through batch) and a few spellings on the others.
few_refused() { # COMMAND... -- OPTION VALUE
    local n=${*: -1}
    set -- "${@:1:$#-1}"
    for bad in " $n" "+$n" " -$n" "$n.0" "1e1" "0x$n"; do
        refused "$@" "$bad"
    done
}
refusals=0
whole_refused evaluate --quick -- samples 1
whole_refused evaluate --quick -- seed 5
whole_refused batch --job evaluate -- samples 1
for option in discards:0 sd-layouts:1 sd-contracts:1 lost-levels-every:1 threads:1 tt-mb:1; do
    few_refused evaluate --quick -- "${option%%:*}" "${option#*:}"
    few_refused batch --job evaluate -- "${option%%:*}" "${option#*:}"
done
few_refused batch --job evaluate -- seed 5
whole_refused batch --job solve -- seed 5
few_refused batch --job solve -- random 1
few_refused batch --job solve -- chunk 1
whole_refused solve -- after 0
few_refused batch --job solve --random 1 -- after 0
few_refused analyze -- min-cost 5
few_refused batch --job analyze --random 1 -- min-cost 5
few_refused score -- table-size 3
whole_refused table -- threads 1
few_refused table -- tt-mb 1
for command in problems analyze; do
    few_refused "$command" -- threads 1
    few_refused "$command" -- tt-mb 1
done
few_refused solve -- tt-mb 1
few_refused solve -- threads 1

# A fraction: digits with one '.', nothing else.
for command in "evaluate --quick" "batch --job evaluate --random 1"; do
    # shellcheck disable=SC2086
    for bad in "" " 0.5" "0.5 " "+0.5" "-0.5" "- 0.5" "5e-1" "0.5e0" "0x0.8p0" "0x.8" "0.5.0" "." "0,5" "inf" \
        "nan" "-nan" "infinity" "0.5x" "½"; do
        refused $command -- confidence "$bad"
    done
done

# The spellings taken mean their value: leading zeros, a fraction without
# its 0 or with trailing zeros.
same() { # what, then two commands separated by "--": the same JSON, nodes and times aside
    local what=$1 a=() b=()
    shift
    while [ "$1" != -- ]; do a+=("$1"); shift; done
    shift
    b=("$@")
    "$SKATDD" "${a[@]}" --format json | jq -S 'del(.. | .nodes?, .ms?)' >a.json
    "$SKATDD" "${b[@]}" --format json | jq -S 'del(.. | .nodes?, .ms?)' >b.json
    [ -s a.json ] && cmp -s a.json b.json || fail "$what: ${a[*]} and ${b[*]} differ"
}
same "--seed 05" evaluate --quick --seed 5 hand.yaml -- evaluate --quick --seed 05 hand.yaml
same "--seed 2^64 - 1" evaluate --quick --seed 18446744073709551615 hand.yaml \
    -- evaluate --quick --seed 018446744073709551615 hand.yaml
same "--confidence .5" evaluate --quick --confidence 0.5 hand.yaml -- evaluate --quick --confidence .5 hand.yaml
same "--confidence 0.50" evaluate --quick --confidence 0.5 hand.yaml -- evaluate --quick --confidence 0.50 hand.yaml
same "--samples 02" evaluate --quick --samples 2 hand.yaml -- evaluate --quick --samples 02 hand.yaml
same "--min-cost 05" analyze --min-cost 5 "$data/game.yaml" -- analyze --min-cost 05 "$data/game.yaml"
same "--after 03" solve --after 3 "$data/iss_games.sgf" -- solve --after 03 "$data/iss_games.sgf"
same "--threads 01" evaluate --quick --threads 1 hand.yaml -- evaluate --quick --threads 01 --tt-mb 016 hand.yaml
# ... and other values mean other settings (the comparison can fail).
five=$("$SKATDD" evaluate --quick --seed 5 --format json hand.yaml | jq -c 'del(.. | .nodes?, .ms?)')
six=$("$SKATDD" evaluate --quick --seed 6 --format json hand.yaml | jq -c 'del(.. | .nodes?, .ms?)')
[ "$five" != "$six" ] || fail "--seed 5 and --seed 6 give the same evaluation"
[ "$("$SKATDD" score --table-size 04 --format json "$data/game.yaml" | jq '.tournament.table_size')" = 4 ] ||
    fail "score --table-size 04"
[ "$("$SKATDD" evaluate --quick --confidence .25 --format json hand.yaml | jq '.confidence')" = 0.25 ] ||
    fail "evaluate --confidence .25: $("$SKATDD" evaluate --quick --confidence .25 --format json hand.yaml | jq -c '.confidence')"
# 32 options of commands and jobs: 6 with 25 whole-number spellings, 26 with
# 6; --confidence's 19 twice.
[ "$refusals" -eq $((6 * 25 + 26 * 6 + 2 * 19)) ] || fail "$refusals refusals checked"
exit 0
