#!/usr/bin/env bash
# skatdd table, all three seats, under every built-in rule system: the text
# says what the JSON says, cell by cell, in columns that stay under their
# seat's name (suit symbols too); row names are unique and say ouvert where
# the row is ouvert; threads and table memory change nothing.
set -euo pipefail
fail() { echo "FAIL: $*" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Every seat has a skat game with a discard and a hand game without one.
cat >"$work/deal.yaml" <<'EOF'
hands:
  forehand:   CJ CA CQ ST S8 HK H8 DA DQ D7
  middlehand: SJ HJ SA SQ S9 S7 H9 H7 DK D9
  rearhand:   DJ CT CK C8 C7 SK HA HT DT D8
skat: C9 HQ
EOF

# The cells of the text table against the JSON: each seat's column starts
# where its name stands in the header, and every row is as wide as the header.
compare() { # text json symbols
    python3 - "$1" "$2" "$3" <<'EOF'
import json, sys
text, js, symbols = open(sys.argv[1]).read().splitlines(), json.load(open(sys.argv[2])), sys.argv[3] == "1"
suits = {"\u2663": "C", "\u2660": "S", "\u2665": "H", "\u2666": "D"}
head = next(i for i, l in enumerate(text) if l.startswith("contract "))
seats = list(js["seats"])
starts = [text[head].index(" " + s + " ") for s in seats] + [len(text[head])]
rows = js["seats"][seats[0]]["contracts"]
for i, row in enumerate(rows):
    line = text[head + 1 + i]
    if line.split("  ")[0] != row["contract"]:
        sys.exit("row %d is %r, JSON %r" % (i, line, row["contract"]))
    if len(line) != len(text[head]):
        sys.exit("row %r is %d characters wide, the header %d" % (row["contract"], len(line), len(text[head])))
    for k, seat in enumerate(seats):
        r = js["seats"][seat]["contracts"][i]
        cell = line[starts[k]:starts[k + 1]]
        for sym, letter in suits.items():
            cell = cell.replace(sym, letter)
        points = str(r["declarer_points"]) if r["declarer_points"] is not None else \
            ("won" if r["declarer_wins_null"] else "lost")
        value = str(r["game_value"] if r["won"] else -r["game_value"]) + \
            {0: "", 1: "S", 2: "Z"}[len(r["announce"])]
        want = [points, value, str(r["bid_ceiling"] or "-")] + (r["discard"] or [])
        if cell.split() != want:
            sys.exit("%s %s: text %r, JSON %s" % (seat, r["contract"], cell, want))
    names = [c["contract"] for c in rows]
    if len(set(names)) != len(names):
        sys.exit("row names repeat: %s" % names)
    if row["ouvert"] != ("ouvert" in row["contract"].split()):
        sys.exit("row %r: ouvert %s" % (row["contract"], row["ouvert"]))
if symbols and not any(ch in "".join(text) for ch in suits):
    sys.exit("no suit symbols in the text")
EOF
}

# Under the sanitizers (SKATDD_QUICK, ten times slower) the other thread
# counts and table sizes are compared on the first rule system only; the
# other systems still compare one thread against two.
first_rules=$("$SKATDD" rules | awk 'NR == 1 {print $1}')
for rules in $("$SKATDD" rules | awk '{print $1}'); do
    options_list=("--threads 1" "--threads 3" "--threads 2 --tt-mb 64")
    [ -n "${SKATDD_QUICK:-}" ] && [ "$rules" != "$first_rules" ] && options_list=("--threads 1")
    "$SKATDD" table --tt-mb 1 --threads 2 --rules "$rules" --format json "$work/deal.yaml" >"$work/t.json"
    for mode in ascii symbols; do
        "$SKATDD" table --tt-mb 1 --threads 2 --rules "$rules" --$mode "$work/deal.yaml" >"$work/t.txt"
        compare "$work/t.txt" "$work/t.json" "$([ $mode = symbols ] && echo 1 || echo 0)" ||
            fail "$rules, $mode: text and JSON differ or the columns shift"
    done
    jq -c 'del(.nodes, .ms)' "$work/t.json" >"$work/base.json"
    for options in "${options_list[@]}"; do
        # shellcheck disable=SC2086
        "$SKATDD" table $options --rules "$rules" --format json "$work/deal.yaml" | jq -c 'del(.nodes, .ms)' \
            >"$work/other.json"
        cmp -s "$work/base.json" "$work/other.json" || fail "$rules: table $options differs from --threads 2 --tt-mb 1"
    done
done
exit 0
