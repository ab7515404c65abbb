#!/usr/bin/env bash
# No contract is solved as another: every contract of every built-in rule
# system, as `skatdd rules` lists it with its base value, goes through solve,
# table, score and analyze, and each names it as the listing does (text and
# JSON) and values it with that base value.  And a Bock round doubles.
set -euo pipefail
fail() { echo "FAIL: $*" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

hands='hands:
  forehand:   CJ SJ HJ DJ CA CT CK SA ST S9
  middlehand: C9 C8 C7 SK SQ S8 HA HT HK HQ
  rearhand:   H9 H8 H7 DA DT DK DQ D9 S7 CQ
skat: D8 D7
declarer: forehand'

# "NAME BASE" for every enabled entry of a rule system's base values.
contracts_of() {
    "$SKATDD" rules "$1" | sed -n '/^  base values/,/^  matadors/p' | sed '1d;$d' | grep -v '(disabled)' |
        sed -E 's/^ +//; s/ \(not [a-z, ]+\)$//; s/ per level$//; s/ ([0-9]+)$/|\1/'
}

# The hands for a contract: a Tournee needs its trump among the skat's cards
# to turn up, so D8 changes places with a card of that suit (a jack for grand).
hands_for() { # contract
    local swap=
    case "$1" in
    "tournee clubs" | "passt-mir-nicht clubs") swap=C7 ;;
    "tournee spades" | "passt-mir-nicht spades") swap=S8 ;;
    "tournee hearts" | "passt-mir-nicht hearts") swap=H7 ;;
    "tournee grand" | "passt-mir-nicht grand") swap=DJ ;;
    esac
    if [ -z "$swap" ]; then echo "$hands"; else sed "s/$swap/XX/; s/D8/$swap/; s/XX/D8/" <<<"$hands"; fi
}

# The deal for a contract: a skat game puts the skat back, a hand game has no discard.
write_deal() { # file rules contract extra
    local cards skat
    cards=$(hands_for "$3")
    skat=$(sed -n 's/^skat: //p' <<<"$cards")
    printf '%s\ncontract: %s\nrules: %s\ndiscard: %s\n%s' "$cards" "$3" "$2" "$skat" "$4" >"$1"
    if "$SKATDD" solve --tt-mb 1 "$1" >/dev/null 2>"$work/err"; then
        return
    fi
    grep -q 'a hand game has no discard' "$work/err" || fail "$2 '$3': $(cat "$work/err")"
    printf '%s\ncontract: %s\nrules: %s\n%s' "$cards" "$3" "$2" "$4" >"$1"
}

# A game value fits the base value: a multiple of it (suit, grand) or it (null).
fits() { # value base contract
    local v=${1#-}
    case " $3 " in
    *" null "*) [ $((v % $2)) -eq 0 ] && [ "$v" -ne 0 ] ;;
    *) [ "$v" -ne 0 ] && [ $((v % $2)) -eq 0 ] ;;
    esac
}

systems=$("$SKATDD" rules | awk '{print $1}')
[ -n "$systems" ] || fail "no rule systems listed"
checked=0
for rules in $systems; do
    first=$(contracts_of "$rules" | sed -n 1p | cut -d'|' -f1)
    write_deal "$work/t.yaml" "$rules" "$first" ""
    table=$("$SKATDD" table --tt-mb 1 --declarer forehand --format json "$work/t.yaml")
    table_text=$("$SKATDD" table --tt-mb 1 --declarer forehand "$work/t.yaml")
    table_rows=$(jq -r '.seats.forehand.contracts[] | [.contract, .game_value] | @tsv' <<<"$table")
    while IFS='|' read -r name base; do
        [ -n "$name" ] || continue
        what="$rules '$name'"
        # solve
        write_deal "$work/s.yaml" "$rules" "$name" ""
        solve=$("$SKATDD" solve --tt-mb 1 --format json "$work/s.yaml")
        IFS=$'\t' read -r said value play < <(jq -r '[.contract, .outcome.game_value, (.line | join(" "))] | @tsv' <<<"$solve")
        [ "$said" = "$name" ] || fail "$what: solve JSON names it '$said'"
        grep -q "^Contract: $name, " <<<"$("$SKATDD" solve --tt-mb 1 "$work/s.yaml")" || fail "$what: solve text"
        fits "$value" "$base" "$name" || fail "$what: solve value $value"
        # score: a won game's value is the base times the multiplier (null: the base)
        case " $name " in
        *" null "*) result='declarer_points: 0'$'\n''declarer_tricks: 0'$'\n' ;;
        *) result='declarer_points: 120'$'\n''declarer_tricks: 10'$'\n' ;;
        esac
        write_deal "$work/c.yaml" "$rules" "$name" "$result"
        score=$("$SKATDD" score --format json "$work/c.yaml")
        IFS=$'\t' read -r said won value multiplier < <(jq -r '[.contract, .won, .game_value, .multiplier] | @tsv' <<<"$score")
        [ "$said" = "$name" ] || fail "$what: score JSON names it '$said'"
        grep -q "^$name by forehand" <<<"$("$SKATDD" score "$work/c.yaml")" || fail "$what: score text"
        [ "$won" = true ] || fail "$what: score: not won: $score"
        case " $name " in
        *" null "*) [ "$value" = "$base" ] || fail "$what: score value $value, base $base" ;;
        *) [ "$value" = $((multiplier * base)) ] || fail "$what: score value $value, base $base" ;;
        esac
        # analyze: the solver's line played out
        { grep -v '^discard' "$work/s.yaml"; grep '^discard' "$work/s.yaml" || true; echo "play: $play"; } >"$work/a.yaml"
        analyze=$("$SKATDD" analyze --tt-mb 1 --format json "$work/a.yaml")
        IFS=$'\t' read -r said value < <(jq -r '[.contract, .summary.result.score] | @tsv' <<<"$analyze")
        [ "$said" = "$name" ] || fail "$what: analyze JSON names it '$said'"
        grep -q "^Contract: $name, " <<<"$("$SKATDD" analyze --tt-mb 1 "$work/a.yaml")" || fail "$what: analyze text"
        fits "$value" "$base" "$name" || fail "$what: analyze score $value"
        # table: the contract's row, its value fitting the base.  The table
        # leaves out a Tournee on a suit its skat cannot turn up and
        # forms played as another (passt-mir-nicht: a Tournee's play).
        value=$(awk -F'\t' -v n="$name" '$1 == n {print $2; exit}' <<<"$table_rows")
        if [ -z "$value" ]; then
            case "$name" in
            "tournee diamonds") fail "$what: no table row of that name" ;;
            "tournee "* | "passt-mir-nicht "*) checked=$((checked + 1)); continue ;;
            *) fail "$what: no table row of that name" ;;
            esac
        fi
        grep -qE "^$name +(lost|won|[0-9]+) " <<<"$table_text" || fail "$what: table text"
        fits "$value" "$base" "$name" || fail "$what: table value $value"
        checked=$((checked + 1))
    done < <(contracts_of "$rules")
done
[ "$checked" -ge 40 ] || fail "only $checked contracts checked"

# bock: true doubles the score once more where the rules have Bock (classic),
# on top of kontra, and the text says so.
printf '%s\ncontract: grand hand\nrules: classic\nkontra: true\ndeclarer_points: 70\ndeclarer_tricks: 6\n' "$hands" >"$work/b.yaml"
plain=$("$SKATDD" score --format json "$work/b.yaml" | jq .score)
echo 'bock: true' >>"$work/b.yaml"
[ "$("$SKATDD" score --format json "$work/b.yaml" | jq .score)" = $((plain * 2)) ] || fail "bock: not doubled from $plain"
grep -q 'in a Bock round' <<<"$("$SKATDD" score "$work/b.yaml")" || fail "bock: score text"
grep -q 'kontra, bock round x4' <<<"$("$SKATDD" score "$work/b.yaml")" || fail "bock: breakdown"

# A Tournee's turned jack fixes grand or the jack's own suit (the rule texts:
# "A jack gives declarer the choice of either playing grand (jacks only) or the
# jack's suit as trump"): with HJ and CK in the skat the table offers Tournee
# hearts, clubs and grand, and no Tournee spades or diamonds.
sed 's/HJ/D8/; s/CK/D7/; s/^skat: D8 D7/skat: HJ CK/' <<<"$hands" >"$work/j.yaml"
rows=$("$SKATDD" table --tt-mb 1 --declarer forehand --rules tournee --format json "$work/j.yaml" |
    jq -r '[.seats.forehand.contracts[].contract | select(startswith("tournee"))] | sort | join(",")')
[ "$rows" = "tournee clubs,tournee grand,tournee hearts" ] || fail "tournee with a turned jack: rows $rows"

# Lowest bid 200: forehand's grand hand schneider (192) wins, yet no bid is safe.
here=$(cd "$(dirname "$0")" && pwd)
sed 's/^\(  *minimum:\) 18$/\1 200/' "$here/../../evaluator/rules/isko.yaml" >"$work/minbid.yaml"
printf '%s\ncontract: grand hand\n' "$hands" >"$work/m.yaml"
text=$("$SKATDD" table --tt-mb 1 --declarer forehand --rules "$work/minbid.yaml" "$work/m.yaml")
grep -q "^forehand: no safe bid: grand hand schneider wins, but its game value 192 lies below the lowest bid$" <<<"$text" &&
    grep -q "^Highest bid: none; contracts win, but below the lowest bid.$" <<<"$text" || fail "lowest bid 200: $text"
