#!/usr/bin/env bash
# Hostile input is refused at once: endless pipes stop at the size cap (64
# MiB), deep nesting at 64 levels, each with one line and exit 2.
set -uo pipefail
fail() { echo "FAIL: $*" >&2; exit 1; }
# refused SECONDS EXPECTED_MESSAGE COMMAND...: stdin from the caller.
refused() {
    local limit=$1 expected=$2 err status
    shift 2
    err=$(timeout "$limit" "$SKATDD" "$@" 2>&1 >/dev/null)
    status=$?
    [ "$status" -eq 2 ] || fail "$*: exit $status, expected 2"
    [ "$err" = "$expected" ] || fail "$*: stderr '$err', expected '$expected'"
}
big="cannot read: file too large (more than 64 MiB)"
refused 60 "/dev/stdin: $big" rules /dev/stdin < <(yes '#')
refused 60 "-: $big" solve - < <(yes '#')
refused 60 "/dev/stdin: $big" analyze /dev/stdin < <(yes '#')
# 200 KB of '[' and 100,000 nested "{a: " took minutes inside libyaml.
deep=$(mktemp)
trap 'rm -f "$deep"' EXIT
head -c 200000 /dev/zero | tr '\0' '[' >"$deep"
for cmd in solve analyze table rules; do
    refused 3 "$deep:1:65: nesting deeper than 64 levels" $cmd "$deep"
done
printf '{a: %.0s' $(seq 100000) >"$deep"
refused 3 "$deep:1:257: nesting deeper than 64 levels" solve "$deep"
# One document is bounded (10000 nodes, 1 MiB of text) before libyaml builds
# its tree, which cost about 85 bytes per input byte: 8 MiB of small nodes
# peaked near 700 MB, now the text and little more.
deal='hands: {forehand: [SA], middlehand: [HJ], rearhand: [ST]}
declarer: middlehand
contract: grand
lead: forehand
defender_tricks: 9'
{ echo "$deal"; echo 'notes:'; yes '  - [1, 2, 3, 4, 5, 6, 7, 8]' | head -n 300000; } >"$deep"
refused 5 "$deep:1115:21: document too large: more than 10000 YAML nodes (a deal has about 100)" solve "$deep"
kb=$(/usr/bin/time -f %M "$SKATDD" solve "$deep" 2>&1 >/dev/null | tail -n 1)
[ "$kb" -lt 100000 ] || fail "one document of 8 MiB: peak RSS $kb KB, expected under 100 MB"
{ echo "$deal"; printf 'notes: '; head -c 1100000 /dev/zero | tr '\0' x; echo; } >"$deep"
for cmd in solve rules; do
    refused 5 "$deep:6:8: document too large: more than 1 MiB of YAML text (a deal takes a few KiB at most)" $cmd "$deep"
done
# A line of a batch file (stats' input, batch's --output to resume) is read
# up to 16 MiB and refused, and the file no further: jansson took some 20
# bytes per byte of a line of small numbers (one line of 200 MB: 4 GB and
# 23 s), getline kept a line of any length, and a line without end
# (/dev/zero) was read for ever.
{ printf '{"index":0,"deal":{"hands":{}},"x":['; yes 1, | head -n 8500000 | tr -d '\n'; echo '1]}'; } >"$deep"
kb=$(/usr/bin/time -f %M "$SKATDD" stats "$deep" 2>&1 >/dev/null | tail -n 1)
[ "$kb" -lt 100000 ] || fail "stats, one line of 17 MB: peak RSS $kb KB, expected under 100 MB"
too_long="line longer than 16 MiB: no line of skatdd batch comes near that"
refused 10 "$deep:1:1: $too_long: the rest of the file is not read" stats "$deep"
refused 10 "/dev/zero:1:1: $too_long: the rest of the file is not read" stats /dev/zero
cp "$deep" "$deep.jsonl"
trap 'rm -f "$deep" "$deep.jsonl"' EXIT
refused 10 "$deep.jsonl:1:1: $too_long" \
    batch --job solve --random 1 --quiet --output "$deep.jsonl"
cmp -s "$deep" "$deep.jsonl" || fail "batch --output with a line of 17 MB: the file was changed"
# batch's fingerprint hashes no more of an input file than the reader
# reads: the whole of a (sparse) file of 4 GB took 12 s before the refusal.
rm -f "$deep"
truncate -s 4G "$deep"
refused 5 "$deep: $big" batch --job solve --quiet "$deep"
# A deal's rules: names a regular file: a FIFO without a writer there made
# every command wait for ever (--rules, the user's own, may name a pipe).
rm -f "$deep"
mkfifo "$deep"
{ echo "$deal"; echo "rules: $deep"; } >"$deep.jsonl"
for cmd in solve score analyze table; do
    refused 5 "$deep.jsonl:6:8: rule system: $deep: not a regular file (a deal's rules: names a rule file; a pipe or device only with --rules)" \
        $cmd "$deep.jsonl"
done
refused 5 "$deep.jsonl:6:8: rule system: $deep: not a regular file (a deal's rules: names a rule file; a pipe or device only with --rules)" \
    batch --job solve --quiet "$deep.jsonl"
rm -f "$deep"
# Many small documents are fine, however many: each is loaded and freed in turn.
for i in $(seq 3000); do echo '---'; echo "$deal"; done >"$deep"
n=$("$SKATDD" solve "$deep" | grep -c '^Result:') || fail "3000 small documents: exit $?"
[ "$n" -eq 3000 ] || fail "3000 small documents: $n results"
exit 0
