#!/usr/bin/env bash
# skatdd evaluate --plot end to end: the chart has its three panels and the
# contracts that can win; no user text (the --plot path, a rule file's name)
# can run anything through gnuplot; a --plot path that cannot be written is
# refused at once, before the evaluation, with exit status 2.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
fail() { echo "FAIL: $*" >&2; exit 1; }
data="$here/data/twelve.yaml"
isko="$here/../../evaluator/rules/isko.yaml"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"

# (a) A plot: an SVG with a panel per game family and the winning contracts in the legend.
"$SKATDD" evaluate --quiet --samples 1 --plot "$work/chart.svg" "$data" >/dev/null
grep -q "<svg" chart.svg || fail "plot is no SVG"
grep -q "</svg>" chart.svg || fail "plot SVG is cut off"
for panel in "Suit games" "Grand" "Null" "confidence 0.90"; do
    grep -q "$panel" chart.svg || fail "no '$panel' in the plot"
done
json=$("$SKATDD" evaluate --quiet --samples 1 --format json "$data")
while read -r name; do
    grep -q ">$name<" chart.svg || fail "winning contract '$name' not in the legend"
done < <(echo "$json" | jq -r '.contracts[] | select(.p_win > 0) | .contract + (if .hand then " hand" else "" end)')
echo "$json" | jq -e '[.contracts[] | select(.p_win > 0)] | length > 0' >/dev/null || fail "no winning contract to draw"
# Twelve cards: no choice made on seeing the skat, so no panel for it.
! grep -q "Chosen on seeing the skat" chart.svg || fail "a choices panel with twelve cards"

# (a2) Ten cards under tournee: the Tournee's turn (which may set the bid
# ceiling) in a panel of its own, and the bid axis from 10, the Tournee's
# lowest bid, not from 18.
"$SKATDD" evaluate --quiet --quick --plot "$work/turn.svg" "$here/data/turn.yaml" >/dev/null
grep -q "</svg>" turn.svg || fail "turn plot SVG is cut off"
grep -q "Chosen on seeing the skat" turn.svg || fail "no choices panel under tournee"
grep -q ">tournee, best turn<" turn.svg || fail "the turn not in the legend"
grep -q "<text> 10</text>" turn.svg || fail "the bid axis does not start at 10 under tournee"

# (b) Hostile user text: a --plot path that closes gnuplot's quotes, and a
# rule file whose base name (the rule system's name) does the same.
hostile="x.svg'; system 'touch PW'; set output 'y.svg"
if "$SKATDD" evaluate --quiet --samples 1 --plot "$hostile" "$data" >/dev/null 2>err.txt; then
    grep -q "</svg>" "$hostile" || fail "hostile path: no SVG at the literal path"
else
    [ ! -e "$hostile" ] || fail "hostile path: failed but left a file"
    [ "$(wc -l <err.txt)" -eq 1 ] || fail "hostile path: not one line of error"
fi
[ ! -e PW ] || fail "the --plot path ran a command in gnuplot"
[ ! -e x.svg ] && [ ! -e y.svg ] || fail "the --plot path was split by gnuplot"
rm -f "$hostile"

rulefile="x'.system('touch PW').'.yaml"
cp "$isko" "$rulefile"
"$SKATDD" evaluate --quiet --samples 1 --rules "./$rulefile" --plot rules.svg "$data" >/dev/null ||
    fail "a rule file with quotes in its name"
[ ! -e PW ] || fail "the rule system's name ran a command in gnuplot"
grep -q "</svg>" rules.svg || fail "no plot with the oddly named rule file"
# A name in UTF-8: a _ for each character gnuplot is not given, not one a byte.
cp "$isko" "Grüße.yaml"
"$SKATDD" evaluate --quiet --samples 1 --rules "./Grüße.yaml" --plot utf8.svg "$data" >/dev/null ||
    fail "a rule file with a UTF-8 name"
grep -q "(Gr__e rules, 1 world)<" utf8.svg || fail "the UTF-8 name not drawn as Gr__e"

# (c) A --plot path that cannot be written: exit 2 at once, one line, nothing on stdout.
expect_refused() {
    local path=$1 why=$2 start end out status
    start=$(date +%s%N)
    status=0
    out=$("$SKATDD" evaluate --quiet --samples 1 --plot "$path" "$data" 2>err.txt) || status=$?
    end=$(date +%s%N)
    [ "$status" -eq 2 ] || fail "--plot $path: status $status, expected 2"
    [ -z "$out" ] || fail "--plot $path: printed on stdout"
    [ "$(wc -l <err.txt)" -eq 1 ] || fail "--plot $path: not one line on stderr"
    grep -q "^skatdd evaluate: --plot $path: .*$why" err.txt || fail "--plot $path: message '$(cat err.txt)'"
    [ $(((end - start) / 1000000)) -lt 1000 ] || fail "--plot $path: took more than a second"
}
expect_refused /no/such/dir/x.svg "no such folder"
expect_refused "$work" "is a folder"
touch plain
expect_refused "$work/plain/x.svg" "not a folder"
expect_refused "" "no file name"
if [ "$(id -u)" != 0 ]; then # root may write anywhere
    mkdir locked && chmod a-w locked
    expect_refused "$work/locked/x.svg" "not writable"
fi

# The same hostile rule file named by the deal's rules: key.
{ echo "rules: \"./$rulefile\""; cat "$data"; } >deal.yaml
"$SKATDD" evaluate --quiet --samples 1 --plot deal.svg deal.yaml >/dev/null || fail "rules: naming an odd file"
[ ! -e PW ] || fail "the deal's rules: ran a command in gnuplot"
grep -q "</svg>" deal.svg || fail "no plot with the deal's odd rule file"

# Into another file system (tmpfs): copied next to the target, then renamed.
if [ -d /dev/shm ] && [ -w /dev/shm ] && [ "$(stat -c %d /dev/shm)" != "$(stat -c %d /tmp)" ]; then
    shm=$(mktemp -d /dev/shm/skatdd-test-XXXXXX)
    "$SKATDD" evaluate --quiet --samples 1 --plot "$shm/chart.svg" "$data" >/dev/null || fail "plot to /dev/shm"
    grep -q "</svg>" "$shm/chart.svg" || fail "no complete SVG on /dev/shm"
    [ "$(ls -A "$shm")" = chart.svg ] || fail "left-overs on /dev/shm: $(ls -A "$shm")"
    rm -rf "$shm"
fi

# A failed plot exits 1 with one line and leaves nothing at the target:
# gnuplot missing, gnuplot failing, gnuplot writing no SVG.
expect_failed() {
    local why=$1 status=0
    shift
    env "$@" "$SKATDD" evaluate --quiet --samples 1 --plot gone.svg "$data" >/dev/null 2>err.txt || status=$?
    [ "$status" -eq 1 ] || fail "$why: status $status, expected 1"
    [ ! -e gone.svg ] || fail "$why: a file was left"
    [ "$(wc -l <err.txt)" -eq 1 ] || fail "$why: not one line on stderr: $(cat err.txt)"
    grep -q "^skatdd evaluate: --plot gone.svg: .*$why" err.txt || fail "$why: message '$(cat err.txt)'"
}
expect_failed "cannot run gnuplot" PATH=/nonexistent
mkdir bin
printf '#!/bin/sh\ncat >/dev/null\necho "line 1: boom" >&2\necho "more" >&2\nexit 1\n' >bin/gnuplot
chmod +x bin/gnuplot
expect_failed "gnuplot failed: line 1: boom" PATH="$work/bin:$PATH"
printf '#!/bin/sh\ncat >/dev/null\nexit 0\n' >bin/gnuplot
expect_failed "no complete SVG" PATH="$work/bin:$PATH"

# A chart shows one deal: a second would have replaced the first's without a
# word.  More files, or a file of more deals, are refused before any work
# (exit 2, one line, nothing on stdout, no chart); from standard input,
# which cannot be read twice, the first deal is evaluated and drawn and the
# second refused, with the same line.
printf 'hands:\n  forehand: CJ SJ HJ DJ CA CT CK C9 SA H7\n---\nhands:\n  middlehand: D7 D8 D9 DQ DK H8 H9 HQ S7 S8\n' >two.yaml
sed -n 1,2p two.yaml >one.yaml
one_deal="draws one deal's chart, and this is a second deal: give one deal, or evaluate the others without --plot"
refused_deals() { # the message, then the files
    local message=$1 out status=0
    shift
    out=$("$SKATDD" evaluate --quiet --quick --plot deals.svg "$@" 2>err.txt) || status=$?
    [ "$status" -eq 2 ] && [ -z "$out" ] && [ ! -e deals.svg ] && [ "$(cat err.txt)" = "$message" ] ||
        fail "--plot over $*: status $status, $(wc -l <<<"$out") lines out, $(ls deals.svg 2>&1), $(cat err.txt)"
}
refused_deals "two.yaml:3:1: --plot deals.svg $one_deal" two.yaml
refused_deals "skatdd evaluate: --plot deals.svg draws one deal's chart, and 2 files are given: give one deal, or evaluate the others without --plot" one.yaml one.yaml
status=0
"$SKATDD" evaluate --quiet --quick --plot stdin.svg - <two.yaml >stdin.txt 2>err.txt || status=$?
[ "$status" -eq 2 ] && [ "$(cat err.txt)" = "-:3:1: --plot stdin.svg $one_deal" ] &&
    [ "$(grep -c " holds " stdin.txt)" -eq 1 ] && grep -q "</svg>" stdin.svg ||
    fail "--plot over two deals on standard input: status $status, $(cat err.txt)"
"$SKATDD" evaluate --quiet --quick --plot one.svg one.yaml >/dev/null && grep -q "</svg>" one.svg ||
    fail "--plot over a file of one deal"

# A link is followed, as analyze --html follows it: the file it names gets
# the chart, the link stays.
echo old >real.svg
ln -s real.svg link.svg
"$SKATDD" evaluate --quiet --samples 1 --plot link.svg "$data" >/dev/null
[ -L link.svg ] || fail "--plot replaced the link"
grep -q "</svg>" real.svg || fail "--plot: the chart did not go where the link points"
exit 0
