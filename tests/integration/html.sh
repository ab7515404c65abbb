#!/usr/bin/env bash
# skatdd analyze --html end to end: the page agrees with the JSON of the same
# run (value line of one point per card, the mistakes marked with their
# costs); ISS records give one section per record (the passed one too, null
# and early ends); player names, record ids and file names cannot inject
# markup; a page that cannot be written is an error and leaves no file; and a
# real browser (headless Chromium) shows it: the screenshot is not blank and
# has the chart, at desktop and at phone width.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
data="$here/data"
check=(python3 "$here/html_check.py")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

# (a) A YAML game with a discard: the page says what the JSON says, and no
# temporary file stays behind.
mkdir "$work/out"
"$SKATDD" analyze --format json --html "$work/out/game.html" "$data/game.yaml" >"$work/game.json"
"${check[@]}" page "$work/out/game.html" "$work/game.json"
[ "$(ls -A "$work/out")" = game.html ] || fail "files left beside the page: $(ls -A "$work/out")"
grep -q 'class="discard-review"' "$work/out/game.html" || fail "no discard review"
grep -q 'class="contract-review"' "$work/out/game.html" || fail "no contract review"
grep -q '<meta name="viewport"' "$work/out/game.html" || fail "no viewport meta"
grep -q '61 to win' "$work/out/game.html" || fail "no goal line"

# A link is followed: the file it names gets the page (its mode kept), the
# link stays.
echo old >"$work/real.html"
chmod 640 "$work/real.html"
ln -s real.html "$work/link.html"
"$SKATDD" analyze --html "$work/link.html" "$data/game.yaml" >/dev/null
[ -L "$work/link.html" ] || fail "the link was replaced"
cmp -s "$work/real.html" "$work/out/game.html" || fail "the page did not go where the link points"
[ "$(stat -c %a "$work/real.html")" = 640 ] || fail "mode of the page replaced not kept"

# (b) ISS records: one section per record, the passed game said, a null game
# lost early drawn on its two levels; text output is unchanged by --html.
"$SKATDD" analyze --format json --html "$work/iss.html" "$data/iss_games.sgf" >"$work/iss.json"
"${check[@]}" page "$work/iss.html" "$work/iss.json"
[ "$(grep -c '<section class="game' "$work/iss.html")" = 6 ] || fail "six sections for six records"
grep -q '<section class="game skipped"' "$work/iss.html" || fail "passed game not shown"
grep -q '>loses</text>' "$work/iss.html" || fail "null game without its levels"
grep -q 'the game stopped after' "$work/iss.html" || fail "early end not said"
cmp <("$SKATDD" analyze "$data/game.yaml" | grep -v '^Nodes') \
    <("$SKATDD" analyze --html "$work/again.html" "$data/game.yaml" | grep -v '^Nodes') ||
    fail "--html changes the text output"

# (c) Hostile input: every string from the file is escaped.
hostile="$work/x<b>&\"'.sgf"
sed -n 6p "$data/iss_games.sgf" |
    sed 's|P0\[zoot\]|P0[<script>alert(1)</script>]|; s|P1\[kermit\]|P1[a"b'"'"'c\&d<i>]|; s|ID\[541932\]|ID[<img src=x onerror=alert(1)>]|' \
        >"$hostile"
grep -q 'P0\[<script>' "$hostile" || fail "hostile record not made"
"$SKATDD" analyze --format json --html "$work/hostile.html" "$hostile" >"$work/hostile.json"
"${check[@]}" page "$work/hostile.html" "$work/hostile.json" # no <script>, <img>, on* attribute
grep -qi '<script\|<img\|<i>\|x<b>' "$work/hostile.html" && fail "markup from the input reached the page"
grep -q '&lt;script&gt;alert(1)&lt;/script&gt;' "$work/hostile.html" || fail "player name not escaped"
grep -q 'a&quot;b&#39;c&amp;d&lt;i&gt;' "$work/hostile.html" || fail "quotes and ampersand not escaped"
grep -q 'x&lt;b&gt;&amp;&quot;&#39;.sgf' "$work/hostile.html" || fail "file name not escaped"
"${check[@]}" players "$work/hostile.html" >"$work/players"
players=$(head -3 "$work/players")
[ "$players" = "$(printf '%s\n' '<script>alert(1)</script>' 'a"b'"'"'c&d<i>' foo)" ] ||
    fail "player names do not read back: $players"

# (d) Writes that fail: a full disk exits 1 with one line and leaves no file;
# a folder that does not exist or a folder as FILE exit 2 before any work.
if [ -w /dev/full ]; then
    set +e
    err=$("$SKATDD" analyze --html /dev/full "$data/game.yaml" 2>&1 >/dev/null)
    status=$?
    set -e
    [ "$status" = 1 ] || fail "/dev/full: exit $status"
    [ "$err" = "skatdd analyze: --html /dev/full: cannot write: No space left on device" ] || fail "/dev/full: '$err'"
fi
for bad in "$work/missing/page.html" "$work/out"; do
    set +e
    err=$("$SKATDD" analyze --html "$bad" "$data/game.yaml" 2>&1 >/dev/null)
    status=$?
    set -e
    [ "$status" = 2 ] || fail "$bad: exit $status"
    case "$err" in "skatdd analyze: --html $bad: "*) ;; *) fail "$bad: '$err'" ;; esac
done
[ ! -e "$work/missing" ] || fail "folder made"
set +e
"$SKATDD" analyze --html "" "$data/game.yaml" >/dev/null 2>&1
status=$?
set -e
[ "$status" = 2 ] || fail "--html '': exit $status"
# A run in which every input is refused (a YAML error, a hand analyze
# cannot review) has no game for a page: the page there (the last run's
# review) is left as it was, said in one line after the inputs' own, exit 2.
# One good game among bad input is a page of that game.
printf 'hands: [\n' >"$work/broken.yaml"
printf 'hands:\n  forehand: CJ SJ HJ DJ CA CT CK C9 SA H7\n' >"$work/hand.yaml"
cp "$work/out/game.html" "$work/kept.html"
set +e
err=$("$SKATDD" analyze --html "$work/kept.html" "$work/broken.yaml" "$work/hand.yaml" 2>&1 >/dev/null)
status=$?
set -e
[ "$status" = 2 ] && [ "$(wc -l <<<"$err")" = 3 ] &&
    [ "$(tail -1 <<<"$err")" = "skatdd analyze: --html $work/kept.html: no game to review: the page is not written" ] ||
    fail "every input refused: exit $status, '$err'"
cmp -s "$work/kept.html" "$work/out/game.html" || fail "every input refused: the page there was replaced"
set +e
"$SKATDD" analyze --html "$work/none.html" "$work/broken.yaml" >/dev/null 2>&1
status=$?
set -e
[ "$status" = 2 ] && [ ! -e "$work/none.html" ] || fail "every input refused: exit $status, $(ls "$work/none.html" 2>&1)"
set +e
"$SKATDD" analyze --html "$work/kept.html" "$work/broken.yaml" "$data/game.yaml" >/dev/null 2>&1
status=$?
set -e
[ "$status" = 2 ] && [ "$(grep -c '<section class="game' "$work/kept.html")" = 1 ] ||
    fail "a good game among bad input: exit $status, $(grep -c '<section class="game' "$work/kept.html") sections"
# A run killed before the end (a pipe closed early: SIGPIPE) leaves no
# temporary file beside the page.
mkdir "$work/killed"
"$SKATDD" analyze --html "$work/killed/page.html" "$data/iss_games.sgf" | head -1 >/dev/null || true
[ -z "$(ls -A "$work/killed")" ] || fail "a killed run left: $(ls -A "$work/killed")"

# (e) A real browser: headless Chromium renders the pages; the screenshots
# are not blank and show the chart (its line, its winning area, the marks),
# and the DOM it built has the chart's line with one point per card.  The
# checks must be able to fail: a white picture and the page with the chart's
# line drawn in another colour are refused.
command -v chromium >/dev/null || fail "chromium is not installed (make deps)"
render() { # PAGE SIZE OUT
    timeout 120 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run \
        --user-data-dir="$work/profile" --window-size="$2" --screenshot="$3" "file://$1" >"$work/chromium.log" 2>&1 ||
        { tail -5 "$work/chromium.log"; fail "chromium could not render $1"; }
    [ -s "$3" ] || fail "no screenshot of $1"
}
render "$work/out/game.html" 800,1300 "$work/desktop.png"
"${check[@]}" png "$work/desktop.png"
render "$work/iss.html" 360,1400 "$work/phone.png"
"${check[@]}" png "$work/phone.png"
timeout 120 chromium --headless --no-sandbox --disable-gpu --no-first-run --user-data-dir="$work/profile" \
    --dump-dom "file://$work/out/game.html" >"$work/dom.html" 2>"$work/chromium.log" || fail "chromium --dump-dom"
"${check[@]}" page "$work/dom.html" "$work/game.json"
"${check[@]}" blank "$work/white.png" 360 640
"${check[@]}" png "$work/white.png" 2>/dev/null && fail "a white screenshot passes"
sed 's/--value:#1f6fd1/--value:#777777/' "$work/out/game.html" >"$work/grey.html"
render "$work/grey.html" 800,1300 "$work/grey.png"
"${check[@]}" png "$work/grey.png" 2>/dev/null && fail "a page without the chart's line passes"

# (f) A Ramsch gets its section: one per record, each a Ramsch's, with a line
# per seat of a point per card and the start, the marks on the line of the
# seat that made them with the JSON's costs and classes, the score as `score`
# gives it; the browser shows the three lines.  The checks can fail: a page
# without the Ramsch section, a mark on another seat's line, a line missing a
# point, a seat's line drawn in grey.
"$SKATDD" analyze --format json --html "$work/ramsch.html" "$data/ramsch_mistakes.yaml" >"$work/ramsch.json"
"${check[@]}" page "$work/ramsch.html" "$work/ramsch.json"
[ "$(grep -c '<section class="game ramsch"' "$work/ramsch.html")" = 3 ] || fail "three Ramsch sections"
grep -q 'throws away the Durchmarsch' "$work/ramsch.html" || fail "no thrown-away Durchmarsch"
grep -q 'throws away the Jungfrau' "$work/ramsch.html" || fail "no thrown-away Jungfrau"
grep -q 'skat pushed on 2 times' "$work/ramsch.html" || fail "pushes not said"
grep -q '<li>Turning points: trick 1, forehand ' "$work/ramsch.html" || fail "no turning points"
python3 - "$work/ramsch.html" "$work/no-ramsch.html" <<'PY'
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
open(sys.argv[2], "w", encoding="utf-8").write(re.sub(r'<section class="game ramsch".*?</section>\n', "", text, count=1, flags=re.S))
PY
"${check[@]}" page "$work/no-ramsch.html" "$work/ramsch.json" 2>/dev/null && fail "a page without a Ramsch section passes"
sed '0,/data-seat="forehand" data-cost/s//data-seat="middlehand" data-cost/' "$work/ramsch.html" >"$work/moved.html"
cmp -s "$work/moved.html" "$work/ramsch.html" && fail "no mark moved"
"${check[@]}" page "$work/moved.html" "$work/ramsch.json" 2>/dev/null && fail "a mark on another seat's line passes"
sed '0,/<polyline class="value s2" data-seat="rearhand" points="[0-9.,]* /s//<polyline class="value s2" data-seat="rearhand" points="/' \
    "$work/ramsch.html" >"$work/short.html"
cmp -s "$work/short.html" "$work/ramsch.html" && fail "no point taken off"
"${check[@]}" page "$work/short.html" "$work/ramsch.json" 2>/dev/null && fail "a line missing a point passes"
# Names and file names are escaped in a Ramsch's section too.
hostile_ramsch="$work/r<i>&'.yaml"
sed -n '1,/^---$/p' "$data/ramsch_mistakes.yaml" | sed '/^---$/d' |
    sed 's|^name: .*|name: "<script>alert(1)</script> \&\x27q\x27"|' >"$hostile_ramsch"
grep -q '^name: "<script>' "$hostile_ramsch" || fail "hostile Ramsch not made"
"$SKATDD" analyze --format json --html "$work/hostile-ramsch.html" "$hostile_ramsch" >"$work/hostile-ramsch.json"
"${check[@]}" page "$work/hostile-ramsch.html" "$work/hostile-ramsch.json"
grep -qi '<script\|<i>' "$work/hostile-ramsch.html" && fail "markup from a Ramsch record reached the page"
grep -q '&lt;script&gt;alert(1)&lt;/script&gt; &amp;&#39;q&#39;' "$work/hostile-ramsch.html" || fail "Ramsch name not escaped"
grep -q 'r&lt;i&gt;&amp;&#39;.yaml' "$work/hostile-ramsch.html" || fail "Ramsch file name not escaped"
# The browser: the DOM it built passes the same checks; desktop and phone
# screenshots show the three seats' lines; a grey line is refused.
timeout 120 chromium --headless --no-sandbox --disable-gpu --no-first-run --user-data-dir="$work/profile" \
    --dump-dom "file://$work/ramsch.html" >"$work/ramsch-dom.html" 2>"$work/chromium.log" || fail "chromium --dump-dom"
"${check[@]}" page "$work/ramsch-dom.html" "$work/ramsch.json"
render "$work/ramsch.html" 800,1300 "$work/ramsch-desktop.png"
"${check[@]}" ramsch-png "$work/ramsch-desktop.png"
render "$work/ramsch.html" 360,1400 "$work/ramsch-phone.png"
"${check[@]}" ramsch-png "$work/ramsch-phone.png"
"${check[@]}" ramsch-png "$work/white.png" 2>/dev/null && fail "a white screenshot passes the Ramsch check"
sed 's/svg .value.s1{stroke:var(--s1)}/svg .value.s1{stroke:#777}/' "$work/ramsch.html" >"$work/ramsch-grey.html"
cmp -s "$work/ramsch-grey.html" "$work/ramsch.html" && fail "no line made grey"
render "$work/ramsch-grey.html" 800,1300 "$work/ramsch-grey.png"
"${check[@]}" ramsch-png "$work/ramsch-grey.png" 2>/dev/null && fail "a page without middlehand's line passes"
exit 0
