#!/usr/bin/env bash
# skatdd batch: random deals as the README's algorithm deals them (an
# independent Python copy), lines with the command's own keys and answers,
# the same file for any number of threads and chunk size, resume after a
# kill (a torn last line, nothing solved twice), bad deals reported and
# skipped, and under mpirun -np 3 the same file as the plain run.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
fail() { echo "FAIL: $*" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
# Whether this build links MPI (the sanitizer builds do not).  Not `ldd |
# grep -q`: grep's early exit can kill ldd with SIGPIPE, which pipefail
# would take for "no".
mpi_build=$(ldd "$SKATDD" | grep -c libmpi || true)

# 1. The generator: deal i of seed s from the README's description alone.
"$SKATDD" batch --job solve --random 5 --seed 12345 --quiet >plain.jsonl
python3 - >expected.txt <<'PY'
M = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15
def splitmix(state):
    state = (state + GAMMA) & M
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M
    return state, z ^ (z >> 31)
names = [s + r for s in "CSHD" for r in "789TJQKA"]
for i in range(5):
    _, key = splitmix((12345 + i * GAMMA) & M)
    state, cards = key, list(range(32))
    for j in range(31, 0, -1):
        while True:
            state, x = splitmix(state)
            if x >= (1 << 64) % (j + 1):
                break
        k = x % (j + 1)
        cards[j], cards[k] = cards[k], cards[j]
    print(" ".join(" ".join(sorted(names[c] for c in cards[a:b])) for a, b in ((0, 10), (10, 20), (20, 30), (30, 32))))
PY
jq -r '[.deal.hands.forehand, .deal.hands.middlehand, .deal.hands.rearhand, .deal.skat] | map(sort | join(" ")) | join(" ")' \
    plain.jsonl >got.txt
diff expected.txt got.txt >/dev/null || fail "random deals differ from the README's algorithm: $(diff expected.txt got.txt | head -4)"
[ "$(jq -r .index plain.jsonl | tr '\n' ' ')" = "0 1 2 3 4 " ] || fail "indices 0..4 in order"

# 2. A line holds the command's own answer: deal 3 solved by skatdd solve.
jq -r 'select(.index == 3) | "hands:\n  forehand: \(.deal.hands.forehand | join(" "))\n  middlehand: \(.deal.hands.middlehand | join(" "))\n  rearhand: \(.deal.hands.rearhand | join(" "))\nskat: \(.deal.skat | join(" "))\ndeclarer: forehand\ncontract: grand"' \
    plain.jsonl >deal3.yaml
"$SKATDD" solve --format json deal3.yaml | jq -S 'del(.nodes, .ms)' >solve3.json
jq -S 'select(.index == 3) | del(.index, .job, .run, .deal)' plain.jsonl >batch3.json
diff solve3.json batch3.json >/dev/null || fail "batch line 3 is not solve's answer: $(diff solve3.json batch3.json | head -4)"
jq -e 'has("nodes") or has("ms")' plain.jsonl >/dev/null && fail "nodes and ms are left out"
[ "$(jq -r '.job + " " + (.run | test("^[0-9a-f]{16}$") | tostring)' plain.jsonl | sort -u)" = "solve true" ] \
    || fail "every line has its job and the run's fingerprint"

# The contract and the declarer of random deals; table's keys.
"$SKATDD" batch --job solve --random 2 --contract "null" --declarer rearhand --quiet | jq -r '.contract + " " + .declarer' \
    | sort -u | grep -x "null rearhand" >/dev/null || fail "--contract null --declarer rearhand"
"$SKATDD" batch --job table --random 1 --seed 3 --declarer middlehand --quiet >table.jsonl
[ "$(jq -r '.seats | keys | join(",")' table.jsonl)" = middlehand ] || fail "table --declarer middlehand"
jq -e 'has("best_seat") and has("rules") and (.seats.middlehand.contracts | length > 10)' table.jsonl >/dev/null \
    || fail "table's keys"
# table and evaluate go through every contract: they need no --contract, and
# under the Tournee's rules, where the default "grand" is ambiguous, they
# run without one (they demanded one).
"$SKATDD" batch --job table --random 1 --seed 3 --declarer middlehand --rules tournee --quiet >tournee.jsonl ||
    fail "table of a random deal under the Tournee's rules without --contract"
jq -e '.rules == "tournee" and ([.seats.middlehand.contracts[].contract] | index("guckser grand") != null)' \
    tournee.jsonl >/dev/null || fail "table under the Tournee's rules: $(head -c 300 tournee.jsonl)"
"$SKATDD" batch --job evaluate --random 1 --seed 3 --quick --rules tournee --quiet >tournee.jsonl ||
    fail "evaluate of a random deal under the Tournee's rules without --contract"
jq -e '.rules == "tournee" and .seat == "forehand"' tournee.jsonl >/dev/null ||
    fail "evaluate under the Tournee's rules: $(head -c 300 tournee.jsonl)"
# --contract with them: refused, not ignored (a "tournee spades" refused
# the deals whose skat turns no spade, for a table of every contract).
for job in table evaluate; do
    status=0
    "$SKATDD" batch --job $job --random 2 --rules tournee --contract "tournee spades" --quiet >/dev/null 2>contract.err ||
        status=$?
    [ "$status" -eq 2 ] && [ "$(cat contract.err)" = "skatdd batch: --contract is for the jobs that play one (solve, analyze): $job goes through every contract of the rules" ] ||
        fail "batch --job $job --contract: status $status, $(cat contract.err)"
done

# analyze over a YAML game and ISS records (their play as recorded, an early
# end settled): every line is analyze's own answer.
"$SKATDD" batch --job analyze --threads 2 --quiet "$here/data/game.yaml" "$here/data/iss_games.sgf" \
    "$here/data/iss_resign.sgf" >analyze.jsonl
[ "$(wc -l <analyze.jsonl)" -eq 8 ] || fail "analyze: 1 YAML game and 7 ISS games"
"$SKATDD" analyze --format json "$here/data/game.yaml" "$here/data/iss_games.sgf" "$here/data/iss_resign.sgf" |
    jq -S -c 'del(.nodes, .ms)' >analyze0.json
jq -S -c 'del(.index, .job, .run, .deal, .nodes, .ms)' analyze.jsonl | diff - analyze0.json >/dev/null \
    || fail "batch lines are not analyze's answers"
[ "$(jq -s -c '[.[-2:][] | .summary.result | [.won, .score]]' analyze.jsonl)" = '[[false,-192],[false,-70]]' ] \
    || fail "batch analyze: a declarer who resigned loses"

# evaluate (seconds of CPU per ten-card hand by default): a hand with its
# skat (twelve cards: 66 discards, --samples 2 layouts each) costs a fraction
# of a second; three of them, each seat once, with a seed of their own.  The
# lines are evaluate's own answers (2 threads against evaluate's 1).
for i in 0 1 2; do
    seat=$(echo forehand middlehand rearhand | cut -d' ' -f$((i + 1)))
    jq -r --arg s "$seat" "select(.index == $i) | \"hands:\\n  \\(\$s): \\(.deal.hands[\$s] | join(\" \"))\\nskat: \\(.deal.skat | join(\" \"))\"" \
        plain.jsonl >hand$i.yaml
    { [ "$i" -eq 0 ] || echo ---; cat hand$i.yaml; } >>hands.yaml
    "$SKATDD" evaluate --samples 2 --seed 6 --threads 1 --format json hand$i.yaml | jq -S 'del(.nodes, .ms)' >evaluate$i.json
done
"$SKATDD" batch --job evaluate --samples 2 --seed 6 --threads 2 --quiet hands.yaml >evaluate.jsonl
[ "$(jq -r .index evaluate.jsonl | tr '\n' ' ')" = "0 1 2 " ] || fail "evaluate: 3 lines"
for i in 0 1 2; do
    jq -e '.seat and (.contracts | length == 7) and .samples == 2' evaluate$i.json >/dev/null || fail "evaluate's keys"
    jq -S "select(.index == $i) | del(.index, .job, .run, .deal)" evaluate.jsonl | diff - evaluate$i.json >/dev/null \
        || fail "evaluate line $i is not evaluate's answer: $(jq -S "select(.index == $i) | del(.index, .job, .run, .deal)" \
               evaluate.jsonl | diff - evaluate$i.json | head -4)"
done
# --declarer with deal files: table's one seat; refused with the other jobs,
# whose deals have their own (evaluate rated the deal's declarer's hand
# whatever it said), and so is --contract with any job.
[ "$("$SKATDD" batch --job table --declarer middlehand --quiet deal3.yaml | jq -c '.seats | keys')" = '["middlehand"]' ] ||
    fail "batch --job table --declarer with a file: not that seat alone"
for args in "--job evaluate --declarer middlehand" "--job solve --declarer forehand" "--job table --contract grand"; do
    status=0
    # shellcheck disable=SC2086
    "$SKATDD" batch $args --quiet deal3.yaml >/dev/null 2>files.err || status=$?
    [ "$status" -eq 2 ] && grep -q "is for --random deals, not deal files" files.err ||
        fail "batch $args with a file: status $status, $(cat files.err)"
done
# analyze reviews recorded play, which random deals lack: refused before the
# first deal (each deal was refused alone, and nothing written).
status=0
"$SKATDD" batch --job analyze --random 3 --quiet >random-analyze.jsonl 2>random-analyze.err || status=$?
[ "$status" -eq 2 ] && [ ! -s random-analyze.jsonl ] && [ "$(wc -l <random-analyze.err)" -eq 1 ] &&
    grep -q "^skatdd batch: --job analyze reviews the play of recorded games, and --random deals have none" random-analyze.err ||
    fail "batch --job analyze --random: status $status, $(cat random-analyze.err)"
# --fresh-check in batch too: the line is evaluate's, p_win_fresh included.
"$SKATDD" evaluate --samples 2 --seed 6 --threads 1 --fresh-check --format json hand0.yaml | jq -S 'del(.nodes, .ms)' >fresh0.json
"$SKATDD" batch --job evaluate --samples 2 --seed 6 --fresh-check --quiet hand0.yaml |
    jq -S 'del(.index, .job, .run, .deal)' | diff - fresh0.json >/dev/null || fail "batch --fresh-check is not evaluate's"
jq -e '[.contracts[] | select(.p_win_fresh != null)] | length > 0' fresh0.json >/dev/null || fail "--fresh-check: no p_win_fresh"
# A full deal stands for the declarer's ten cards (231 skats: --quick, one
# layout each, about 6 s of CPU; the sanitizer builds, 3 times slower, leave
# it to the optimised one).
if [ "$mpi_build" -gt 0 ]; then
    jq -r 'select(.index == 3) | "hands:\n  forehand: \(.deal.hands.forehand | join(" "))"' plain.jsonl >ten3.yaml
    "$SKATDD" evaluate --quick --threads 2 --format json ten3.yaml | jq -S 'del(.nodes, .ms)' >evaluate-ten.json
    "$SKATDD" batch --job evaluate --quick --threads 2 --quiet deal3.yaml \
        | jq -S 'del(.index, .job, .run, .deal)' >batch-ten.json
    jq -e '.skats == 231' evaluate-ten.json >/dev/null || fail "ten cards: 231 skats"
    diff batch-ten.json evaluate-ten.json >/dev/null || fail "a full deal is not its declarer's ten cards to evaluate"
fi

# 3. The same file for any number of threads and any chunk size.
"$SKATDD" batch --job solve --random 24 --seed 9 --threads 1 --chunk 5 --quiet --output one.jsonl
"$SKATDD" batch --job solve --random 24 --seed 9 --threads 2 --chunk 7 --quiet --output two.jsonl
cmp -s one.jsonl two.jsonl || fail "1 and 2 threads give different files"
[ "$(wc -l <one.jsonl)" -eq 24 ] || fail "24 lines"

# 4. Resume: 10 complete lines and a torn eleventh; the rest is solved, once.
head -n 10 one.jsonl >resumed.jsonl
sed -n 11p one.jsonl | head -c 100 >>resumed.jsonl
"$SKATDD" batch --job solve --random 24 --seed 9 --threads 2 --output resumed.jsonl 2>resume.err
cmp -s one.jsonl resumed.jsonl || fail "a resumed file differs from the whole run"
grep -q "^skatdd batch: 14 deals in" resume.err || fail "resume solved other than the 14 missing deals: $(cat resume.err)"
"$SKATDD" batch --job solve --random 24 --seed 9 --output resumed.jsonl 2>again.err
grep -q "^skatdd batch: 0 deals in" again.err || fail "a finished file is solved again: $(cat again.err)"
cmp -s one.jsonl resumed.jsonl || fail "a finished file changed"
# A file there is, but empty, or with nothing but a torn first line (killed
# before its first line was whole): the whole run, status 0.  The sanitizers
# stopped both (qsort of no lines through a null pointer, round 38).
for start in "" '{"index":0,"job":"so'; do
    printf '%s' "$start" >fresh.jsonl
    "$SKATDD" batch --job solve --random 24 --seed 9 --threads 2 --quiet --output fresh.jsonl ||
        fail "a file '$start' resumed: status $?"
    cmp -s one.jsonl fresh.jsonl || fail "a file '$start' resumed differs from the whole run"
done
# Killed at any moment (kill -9 while it writes): resumed, the same file.
"$SKATDD" batch --job solve --random 24 --seed 9 --threads 1 --chunk 1 --quiet --output killed.jsonl &
pid=$!
for _ in $(seq 100); do [ -s killed.jsonl ] && break; sleep 0.05; done
kill -9 "$pid" 2>/dev/null || true
wait "$pid" 2>/dev/null || true
[ "$(wc -l <killed.jsonl)" -lt 24 ] || fail "the kill came too late to test anything"
"$SKATDD" batch --job solve --random 24 --seed 9 --threads 2 --quiet --output killed.jsonl
cmp -s one.jsonl killed.jsonl || fail "a killed run, resumed, differs from the whole run"
# The indices of a file are kept as runs, not as a bit map up to the
# largest: a file of 0 1 2 5 6 has 3 4 7 solved, and nothing else; one line
# of 60 bytes with index 20,000,000,000 (a run of more random deals) took
# 4 GiB for the map.
sed -n '1,3p;6,7p' one.jsonl >gaps.jsonl
"$SKATDD" batch --job solve --random 8 --seed 9 --threads 1 --quiet --output gaps.jsonl
[ "$(tail -n +6 gaps.jsonl | jq -r .index | tr '\n' ' ')" = "3 4 7 " ] ||
    fail "a file with gaps: $(jq -r .index gaps.jsonl | tr '\n' ' ')"
# Its lines are no longer in index order (3 and 4 after 6), and it resumes
# again (it was refused: 'index 3 after index 6'), the same deals as one run.
"$SKATDD" batch --job solve --random 10 --seed 9 --threads 1 --quiet --output gaps.jsonl ||
    fail "a file whose gaps a resume filled does not resume"
[ "$(jq -r .index gaps.jsonl | sort -n | tr '\n' ' ')" = "0 1 2 3 4 5 6 7 8 9 " ] ||
    fail "a file whose gaps a resume filled: $(jq -r .index gaps.jsonl | tr '\n' ' ')"
cmp -s <(head -n 10 one.jsonl) <(sort -t: -k2,2n gaps.jsonl) ||
    fail "a file whose gaps a resume filled: other lines than one run's"
printf '{"index":20000000000,"job":"solve","run":"%s"}\n' "$(head -n 1 one.jsonl | jq -r .run)" >far.jsonl
# 20,000,000,001 deals: stopped once the first is written (polled, not a
# fixed time: a loaded machine under the sanitizers may take seconds).
/usr/bin/time -f %M -o far.kb timeout 120 "$SKATDD" batch --job solve --random 20000000001 --seed 9 --threads 1 \
    --quiet --output far.jsonl >/dev/null 2>&1 &
far=$!
for _ in $(seq 600); do
    [ -n "$(sed -n 2p far.jsonl)" ] && break
    sleep 0.2
done
pkill -TERM -P "$far" 2>/dev/null || true # timeout, which stops skatdd; time then writes its peak RSS
wait "$far" 2>/dev/null || true
kb=$(tail -n 1 far.kb)
[ "$kb" -lt 100000 ] || fail "a file of one line with index 20000000000: peak RSS $kb KB, expected under 100 MB"
[ "$(sed -n 2p far.jsonl)" = "$(head -n 1 one.jsonl)" ] || fail "a file of one line with index 20000000000: no index 0"
# Resume with other settings is refused (exit 2, the file untouched): another
# job, seed, contract, declarer, job option or rule system; the same
# settings with other threads, chunks and tables resume, and so does a run
# extended to more random deals (deal i depends on the seed and i alone).
head -n 10 one.jsonl >part.jsonl
refused() { # what differs, then the options of the run
    local what=$1 status=0
    shift
    cp part.jsonl other.jsonl
    "$SKATDD" batch --quiet --output other.jsonl "$@" 2>other.err >/dev/null || status=$?
    [ "$status" -eq 2 ] || fail "resume with another $what: status $status, $(cat other.err)"
    grep -Eqx "other.jsonl:1:1: written by a run with other settings \(job and run solve [0-9a-f]{16}, this run's are [a-z]+ [0-9a-f]{16}\): resume with the first run's job, options and input, or write another file" other.err \
        || fail "resume with another $what: $(cat other.err)"
    cmp -s part.jsonl other.jsonl || fail "resume with another $what changed the file"
}
refused job --job table --random 24 --seed 9
refused seed --job solve --random 24 --seed 10
refused contract --job solve --random 24 --seed 9 --contract clubs
refused declarer --job solve --random 24 --seed 9 --declarer middlehand
refused "rule system" --job solve --random 24 --seed 9 --rules classic
refused input --job solve "$here/data/game.yaml"
# A rule file edited between the runs is another rule system (grand 20 -> 24
# in a copy of the classic rules): its contents count, not only its name.
sed -n '/^  - {game: grand, value: 20}/p' "$here/../../evaluator/rules/classic.yaml" | grep . >/dev/null \
    || fail "classic.yaml's grand line moved"
cp "$here/../../evaluator/rules/classic.yaml" my-rules.yaml
"$SKATDD" batch --job solve --random 2 --seed 9 --rules ./my-rules.yaml --quiet --output edited.jsonl
sed -i 's/{game: grand, value: 20}/{game: grand, value: 24}/' my-rules.yaml
status=0
"$SKATDD" batch --job solve --random 4 --seed 9 --rules ./my-rules.yaml --quiet --output edited.jsonl 2>edited.err || status=$?
[ "$status" -eq 2 ] && grep -q "^edited.jsonl:1:1: written by a run with other settings" edited.err &&
    [ "$(wc -l <edited.jsonl)" -eq 2 ] || fail "an edited rule file resumed: status $status, $(cat edited.err)"
# So is a rule file a deal names (rules: ./FILE, without --rules), and one of
# $SKATDD_RULES_DIR, the default isko's for random deals too: an edit is
# refused, the same file resumes.
{ echo "rules: ./deal-rules.yaml"; grep -v '^rules:' deal3.yaml; } >ruled.yaml
cp "$here/../../evaluator/rules/classic.yaml" deal-rules.yaml
"$SKATDD" batch --job solve --quiet --output ruled.jsonl ruled.yaml
[ "$(jq -r .outcome.rules ruled.jsonl)" = deal-rules ] || fail "the deal's rule file not used: $(head -c 300 ruled.jsonl)"
"$SKATDD" batch --job solve --output ruled.jsonl ruled.yaml 2>ruled.err
grep -q "^skatdd batch: 0 deals in" ruled.err || fail "the deal's unchanged rule file: $(cat ruled.err)"
sed -i 's/{game: grand, value: 20}/{game: grand, value: 24}/' deal-rules.yaml
status=0
"$SKATDD" batch --job solve --quiet --output ruled.jsonl ruled.yaml 2>ruled.err || status=$?
[ "$status" -eq 2 ] && grep -q "^ruled.jsonl:1:1: written by a run with other settings" ruled.err ||
    fail "the deal's edited rule file resumed: status $status, $(cat ruled.err)"
mkdir rules-dir
cp "$here/../../evaluator/rules/isko.yaml" rules-dir/isko.yaml
SKATDD_RULES_DIR=rules-dir "$SKATDD" batch --job solve --random 1 --seed 9 --quiet --output dir.jsonl
sed -i 's/{game: grand, value: 24}/{game: grand, value: 20}/' rules-dir/isko.yaml
cmp -s rules-dir/isko.yaml "$here/../../evaluator/rules/isko.yaml" && fail "isko.yaml's grand line moved"
status=0
SKATDD_RULES_DIR=rules-dir "$SKATDD" batch --job solve --random 2 --seed 9 --quiet --output dir.jsonl 2>dir.err ||
    status=$?
[ "$status" -eq 2 ] && grep -q "^dir.jsonl:1:1: written by a run with other settings" dir.err ||
    fail "an edited isko.yaml of SKATDD_RULES_DIR resumed: status $status, $(cat dir.err)"
# The file's job and run are shown cleaned: no escape sequence from the file.
printf '{"index":0,"job":"solve\\u001b[2J","run":"x"}\n' >esc.jsonl
status=0
"$SKATDD" batch --job solve --random 2 --quiet --output esc.jsonl 2>esc.err >/dev/null || status=$?
[ "$status" -eq 2 ] && grep -q "^esc.jsonl:1:1: written by a run with other settings (job and run solve?\[2J x, " esc.err \
    || fail "a resumed file's job with an escape sequence: status $status, $(cat -v esc.err)"
cp part.jsonl same.jsonl
"$SKATDD" batch --job solve --random 26 --seed 9 --threads 1 --chunk 3 --tt-mb 2 --output same.jsonl 2>same.err
grep -q "^skatdd batch: 16 deals in" same.err || fail "resume with other threads and tables: $(cat same.err)"
cmp -s one.jsonl <(head -n 24 same.jsonl) || fail "resume with other threads and tables: another file"
# Deal files: their contents count, not their names.
"$SKATDD" batch --job solve --quiet --output files.jsonl deal3.yaml
cp deal3.yaml moved.yaml
"$SKATDD" batch --job solve --output files.jsonl moved.yaml 2>moved.err
grep -q "^skatdd batch: 0 deals in" moved.err || fail "a moved deal file: $(cat moved.err)"
sed -i 's/contract: grand/contract: clubs/' moved.yaml
status=0
"$SKATDD" batch --job solve --quiet --output files.jsonl moved.yaml 2>changed.err || status=$?
[ "$status" -eq 2 ] && grep -q "^files.jsonl:1:1: written by a run with other settings" changed.err \
    || fail "a changed deal file: status $status, $(cat changed.err)"
status=0
"$SKATDD" batch --job solve --quiet --after 1 --output files.jsonl deal3.yaml 2>after.err || status=$?
[ "$status" -eq 2 ] && grep -q "^files.jsonl:1:1: written by a run with other settings" after.err \
    || fail "another job option: status $status, $(cat after.err)"

# Standard input is in the fingerprint by its name only: a file written from
# it is not resumed (another input would add its deals to the first one's).
"$SKATDD" batch --job solve --quiet --output stdin.jsonl - <deal3.yaml
status=0
"$SKATDD" batch --job solve --quiet --output stdin.jsonl - <moved.yaml 2>stdin.err || status=$?
[ "$status" -eq 2 ] && [ "$(cat stdin.err)" = "stdin.jsonl:1:1: written by an earlier run, whose input cannot be checked against standard input: give the input as a file to resume, or write another file" ] &&
    [ "$(wc -l <stdin.jsonl)" -eq 1 ] || fail "a resume from standard input: status $status, $(cat stdin.err)"
# So is a pipe by another name: /dev/stdin on a pipe, and <(...) is
# /dev/fd/63 in every run (the second run's deals were added to the first
# one's).  /dev/stdin on a file is that file, hashed by its contents.
cat deal3.yaml | "$SKATDD" batch --job solve --quiet --output devstdin.jsonl /dev/stdin
status=0
cat moved.yaml | "$SKATDD" batch --job solve --quiet --output devstdin.jsonl /dev/stdin 2>devstdin.err || status=$?
[ "$status" -eq 2 ] && [ "$(cat devstdin.err)" = "devstdin.jsonl:1:1: written by an earlier run, whose input cannot be checked against /dev/stdin, a pipe or device: give the input as a file to resume, or write another file" ] &&
    [ "$(wc -l <devstdin.jsonl)" -eq 1 ] || fail "a resume from /dev/stdin: status $status, $(cat devstdin.err)"
"$SKATDD" batch --job solve --quiet --output fifo.jsonl <(cat deal3.yaml)
status=0
"$SKATDD" batch --job solve --quiet --output fifo.jsonl <(cat moved.yaml) 2>fifo.err || status=$?
[ "$status" -eq 2 ] && grep -Eqx "fifo.jsonl:1:1: written by an earlier run, whose input cannot be checked against /dev/fd/[0-9]+, a pipe or device: give the input as a file to resume, or write another file" fifo.err &&
    [ "$(wc -l <fifo.jsonl)" -eq 1 ] || fail "a resume from <(...): status $status, $(cat fifo.err)"
# A rule system from a pipe is in the fingerprint by its name alone too.
"$SKATDD" batch --job solve --quiet --random 1 --rules <(cat "$here/../../evaluator/rules/isko.yaml") \
    --output piped_rules.jsonl
status=0
"$SKATDD" batch --job solve --quiet --random 2 --rules <(cat "$here/../../evaluator/rules/texas.yaml") \
    --output piped_rules.jsonl 2>piped_rules.err || status=$?
[ "$status" -eq 2 ] && grep -Eqx "piped_rules.jsonl:1:1: written by an earlier run, whose input cannot be checked against --rules /dev/fd/[0-9]+, a pipe or device: give the input as a file to resume, or write another file" piped_rules.err &&
    [ "$(wc -l <piped_rules.jsonl)" -eq 1 ] || fail "a resume with --rules <(...): status $status, $(cat piped_rules.err)"

# A failed write is said once, with exit 1.
status=0
"$SKATDD" batch --job solve --random 2 --quiet --output /dev/full 2>full.err || status=$?
[ "$status" -eq 1 ] && [ "$(cat full.err)" = "skatdd batch: /dev/full: No space left on device" ] \
    || fail "/dev/full: status $status, $(cat full.err)"
# Random Ramsch deals only under rules that play Ramsch, as in a deal file.
status=0
"$SKATDD" batch --job solve --random 2 --contract ramsch --quiet --output isko.jsonl 2>isko.err || status=$?
[ "$status" -eq 2 ] && [ "$(cat isko.err)" = "skatdd batch: --contract ramsch: the isko rules have no ramsch: when all pass the cards are thrown in" ] \
    || fail "random ramsch under isko: status $status, $(cat isko.err)"
"$SKATDD" batch --job solve --random 2 --contract ramsch --rules classic --quiet --output classic.jsonl \
    || fail "random ramsch under the classic rules"
[ "$(wc -l <classic.jsonl)" -eq 2 ] || fail "random ramsch under the classic rules: $(wc -l <classic.jsonl) lines"
# In any case, as a deal file's contract: ramsch (it was an unknown contract word
# spelt Ramsch).
"$SKATDD" batch --job solve --random 2 --contract Ramsch --rules classic --quiet --output classic-case.jsonl ||
    fail "random Ramsch (capital R) under the classic rules"
cmp -s classic.jsonl classic-case.jsonl || fail "--contract Ramsch and --contract ramsch: other lines"
# A --contract or --rules that random deals cannot be played under is an option
# error found before any work: one line naming the option (no rate line after
# it), exit 2, no --output file made, and a file of an earlier run left as it
# was (it was refused as written "by a run with other settings").
for bad in "--contract foo:skatdd batch: --contract foo: unknown contract word 'foo' (" \
    "--rules nosuch:skatdd batch: --rules nosuch: unknown rule system 'nosuch' (skatdd rules lists them)"; do
    option=${bad%%:*} said=${bad#*:}
    for file in new.jsonl classic.jsonl; do
        cp classic.jsonl before.jsonl
        [ $file = new.jsonl ] && rm -f new.jsonl
        status=0
        # shellcheck disable=SC2086
        "$SKATDD" batch --job solve --random 2 --contract ramsch --rules classic $option --output $file 2>bad.err ||
            status=$?
        [ "$status" -eq 2 ] && [ "$(wc -l <bad.err)" -eq 1 ] && [[ "$(cat bad.err)" == "$said"* ]] ||
            fail "random deals, $option, --output $file: status $status, $(cat bad.err)"
        if [ $file = new.jsonl ]; then
            [ ! -e new.jsonl ] || fail "random deals, $option: --output new.jsonl made"
        else
            cmp -s before.jsonl classic.jsonl || fail "random deals, $option: --output classic.jsonl changed"
        fi
    done
done
# A random Tournee deal whose skat turns no trump is refused as its deal file
# is (seed 3: deals 0, 1 and 3 have no jack in the skat), not played.
status=0
"$SKATDD" batch --job solve --random 4 --seed 3 --contract "tournee grand" --rules tournee --quiet \
    >tournee.jsonl 2>tournee.err || status=$?
[ "$status" -eq 2 ] && [ "$(jq -r .index tournee.jsonl | tr '\n' ' ')" = "2 " ] &&
    grep -qx "random deal 0 of seed 3:1:1: a tournee grand needs its trump among the skat's cards to turn (S9 HA: no jack)" \
        tournee.err || fail "random tournee deals without a jack in the skat: status $status, $(cat tournee.err)"
# A complete line that is no batch line is not cut away.
{ head -n 3 one.jsonl; echo 'not json'; } >foreign.jsonl
status=0
"$SKATDD" batch --job solve --random 24 --seed 9 --output foreign.jsonl 2>foreign.err || status=$?
[ "$status" -eq 2 ] || fail "a foreign line: status $status"
[ "$(cat foreign.err)" = "foreign.jsonl:4:1: not a line of skatdd batch (a JSON object with an \"index\")" ] \
    || fail "a foreign line: $(cat foreign.err)"
[ "$(wc -l <foreign.jsonl)" -eq 4 ] || fail "a foreign file was changed"
# Nor is a last line without a newline that does not start as a batch line.
printf 'my notes' >notes.txt
status=0
"$SKATDD" batch --job solve --random 2 --seed 9 --quiet --output notes.txt 2>notes.err || status=$?
[ "$status" -eq 2 ] && [ "$(cat notes.txt)" = "my notes" ] || fail "a one-line foreign file: status $status, $(cat notes.txt)"
# A line's index must be new and lie within the run's deals.
refused() { # file expected-message: the run refuses the file and leaves it as it was
    local before status=0
    before=$(cat "$1")
    "$SKATDD" batch --job solve --random 24 --seed 9 --quiet --output "$1" 2>"$1.err" || status=$?
    [ "$status" -eq 2 ] && [ "$(cat "$1.err")" = "$2" ] && [ "$(cat "$1")" = "$before" ] ||
        fail "$1: status $status, $(cat "$1.err")"
}
{ head -n 2 one.jsonl; sed -n 2p one.jsonl; } >again.jsonl
refused again.jsonl "again.jsonl:3:1: index 1 again (line 2 has it): a batch file holds each deal once"
head -n 1 one.jsonl | sed 's/^{"index":0,/{"index":1099511627776,/' >huge.jsonl
refused huge.jsonl "huge.jsonl:1:1: index 1099511627776, but this run's input holds fewer deals (at most 24)"
# An --output path that cannot be written: one line, exit 2; - is standard output.
status=0
"$SKATDD" batch --job solve --random 1 --quiet --output "$PWD/none/x.jsonl" 2>nodir.err || status=$?
[ "$status" -eq 2 ] && [ "$(cat nodir.err)" = "skatdd batch: --output $PWD/none/x.jsonl: No such file or directory" ] ||
    fail "--output into a missing directory: status $status, $(cat nodir.err)"
"$SKATDD" batch --job solve --random 1 --quiet --output - | grep '^{"index":0,' >/dev/null || fail "--output -"
[ ! -e ./- ] || fail "--output - wrote a file named -"
# --format text has no meaning for batch, which writes JSON lines.
status=0
"$SKATDD" batch --job solve --random 1 --format text >/dev/null 2>format.err || status=$?
[ "$status" -eq 2 ] && [ "$(cat format.err)" = "skatdd batch: --format text: batch writes JSON lines only" ] ||
    fail "--format text: status $status, $(cat format.err)"
# An option given twice: the value that counts is part of the run's settings.
"$SKATDD" batch --job solve --random 1 --seed 9 --after 0 --after 1 --quiet --output twice.jsonl
status=0
"$SKATDD" batch --job solve --random 2 --seed 9 --after 1 --after 0 --quiet --output twice.jsonl 2>twice.err || status=$?
[ "$status" -eq 2 ] && grep -q "written by a run with other settings" twice.err || fail "an option given twice: status $status"
# Every option of the job is in the fingerprint: past the 64 it has room
# for, one is refused (the 65th and later were left out: --after 1 and
# --after 2 after 64 others gave one fingerprint).
status=0
# shellcheck disable=SC2046
"$SKATDD" batch --job solve --random 1 --quiet $(printf -- '--after 0 %.0s' $(seq 64)) --after 1 >/dev/null 2>many.err ||
    status=$?
[ "$status" -eq 2 ] && [ "$(cat many.err)" = "skatdd batch: more than 64 options of the job given: give each once" ] ||
    fail "65 options of the job: status $status, $(cat many.err)"
# A number is a setting by its value, not its spelling: --seed 05 and 5
# resume one another's file (a 64-bit seed kept whole), --samples 02 and 2,
# --confidence .5 and 0.5 too; another value is another setting.  The
# fingerprint is read from the refusal of a file of another job (no work);
# a spelling refused (+5, 2.0: numbers.sh) gives none, and fails here.
fingerprint() {
    printf '{"index":0,"job":"none","run":"0"}\n' >fp.jsonl
    "$SKATDD" batch --quiet --output fp.jsonl "$@" 2>fp.err && fail "batch $*: a file of another job resumed"
    sed -n "s/.*this run's are [a-z]* \([0-9a-f]\{16\}\)).*/\1/p" fp.err
}
same_run() { # option, then spellings of one value, then "--", then another value ($with: options it needs)
    local option=$1 first
    shift
    # shellcheck disable=SC2086
    first=$(fingerprint --job "${job:?}" ${input:---random 2} ${with-} "$option" "$1")
    [ -n "$first" ] || fail "$job $option $1: no fingerprint"
    shift
    while [ "$1" != -- ]; do
        # shellcheck disable=SC2086
        [ "$(fingerprint --job "$job" ${input:---random 2} ${with-} "$option" "$1")" = "$first" ] ||
            fail "$job $option $1: another fingerprint"
        shift
    done
    # shellcheck disable=SC2086
    [ "$(fingerprint --job "$job" ${input:---random 2} ${with-} "$option" "$2")" != "$first" ] ||
        fail "$job $option $2: the same fingerprint"
}
job=solve same_run --seed 5 05 -- 6
job=solve same_run --after 0 00 -- 1
job=analyze input="$here/data/game.yaml" same_run --min-cost 3 03 -- 4
job=evaluate same_run --seed 5 05 -- 6
job=evaluate same_run --seed 18446744073709551615 018446744073709551615 -- 18446744073709551614
job=evaluate same_run --samples 2 02 -- 3
job=evaluate same_run --confidence 0.5 .5 0.50 00.5 -- 0.6
job=evaluate with="--model single-dummy" same_run --sd-layouts 4 04 -- 5
job=evaluate with="--model single-dummy" same_run --sd-contracts 2 02 -- 3
job=evaluate same_run --lost-levels-every 2 02 -- 3
job=evaluate same_run --model single-dummy -- double-dummy
# Every option of evaluate but --plot and the text's --ascii is the job's
# (batch lacked --fresh-check): each, from evaluate's --help, is taken (a
# value it may refuse, but no "unknown option"), and --fresh-check is in the
# fingerprint.
"$SKATDD" evaluate --help | sed -n 's/^  \(--[a-z-]*\)\( [A-Z]\)\{0,1\}.*/\1\2/p' |
    grep -v -e '^--plot' -e '^--help' -e '^--format' -e '^--ascii' |
    while read -r option value; do
        # shellcheck disable=SC2086
        fingerprint --job evaluate --random 2 "$option" ${value:+1} >/dev/null || true
        grep -q "unknown or incomplete option" fp.err && fail "batch --job evaluate does not take $option"
        true
    done
[ "$(fingerprint --job evaluate --random 2 --fresh-check)" != "$(fingerprint --job evaluate --random 2)" ] ||
    fail "evaluate --fresh-check: the same fingerprint"
# So is --contract by the contract it reads, in the rule system's words.
job=solve same_run --contract grand Grand GRAND " grand" -- "grand hand"
job=solve same_run --contract clubs kreuz Clubs -- spades

# 5. Bad deals are reported and skipped, the others solved; exit 2.
cat >mixed.yaml <<'YAML'
hands:
  forehand:   CJ SJ HJ DJ CA CT SA ST HA HT
  middlehand: C9 C8 C7 CK CQ SK SQ S9 S8 S7
  rearhand:   HK HQ H9 H8 H7 DK DQ D9 D8 D7
skat: DA DT
---
hands:
  forehand:   [SA]
  middlehand: [HJ]
  rearhand:   [ST]
declarer: middlehand
contract: grand
lead: forehand
defender_tricks: 9
---
hands:
  forehand:   C9 C8 C7 CK CQ SK SQ S9 S8 S7
  middlehand: CJ SJ HJ DJ CA CT SA ST HA HT
  rearhand:   HK HQ H9 H8 H7 DK DQ D9 D8 D7
skat: DA DT
YAML
status=0
"$SKATDD" batch --job table --threads 2 --quiet mixed.yaml >mixed.jsonl 2>mixed.err || status=$?
[ "$status" -eq 2 ] || fail "a bad deal: status $status"
[ "$(cat mixed.err)" = "mixed.yaml:6:1: table needs a full deal: three hands of 10 cards and the skat" ] \
    || fail "a bad deal: $(cat mixed.err)"
[ "$(jq -r .index mixed.jsonl | tr '\n' ' ')" = "0 2 " ] || fail "the good deals: $(jq -r .index mixed.jsonl)"
[ "$(jq -r .best_seat mixed.jsonl | tr '\n' ' ')" = "forehand middlehand " ] || fail "the good deals' tables"

# Usage errors: one line, exit 2, nothing written.  --job=NAME is --job NAME.
usage() { # MESSAGE ARGS...
    local want=$1 status=0
    shift
    out=$("$SKATDD" batch "$@" 2>usage.err) || status=$?
    [ "$status" -eq 2 ] && [ -z "$out" ] && [ "$(cat usage.err)" = "$want" ] ||
        fail "batch $*: status $status, $(cat usage.err)"
}
usage "skatdd batch: --job is needed: solve, table, evaluate or analyze" mixed.yaml
usage "skatdd batch: --job must be solve, table, evaluate or analyze, not 'nosuch'" --job=nosuch mixed.yaml
usage "skatdd batch: --random deals and deal files do not go together" --job solve --random 2 mixed.yaml
usage "skatdd batch: no file given and no --random N (see skatdd batch --help)" --job=solve
"$SKATDD" batch --job=table --threads 2 --quiet mixed.yaml >equals.jsonl 2>/dev/null || true
cmp -s equals.jsonl mixed.jsonl || fail "--job=table is not --job table"

# 6. Under mpirun: the same file, resumed the same, bad deals the same.
if [ "$mpi_build" -eq 0 ]; then
    # The sanitizer builds go without MPI: they say so under mpirun.
    status=0
    OMPI_COMM_WORLD_SIZE=3 "$SKATDD" batch --job solve --random 2 2>nompi.err >/dev/null || status=$?
    [ "$status" -eq 1 ] && grep -q "built without MPI" nompi.err || fail "no MPI: status $status, $(cat nompi.err)"
    exit 0
fi
command -v mpirun >/dev/null || fail "mpirun is missing (make deps installs openmpi-bin)"
# As root (this sandbox) Open MPI wants to be told twice.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_btl=self,vader OMPI_MCA_rmaps_base_oversubscribe=1
mpi() { timeout 300 mpirun --oversubscribe -np 3 "$SKATDD" batch "$@"; }
mpi --job solve --random 24 --seed 9 --threads 1 --chunk 4 --quiet --output mpi.jsonl
cmp -s one.jsonl mpi.jsonl || fail "mpirun -np 3 gives another file than the plain run"
head -n 5 one.jsonl >mpi-resumed.jsonl
sed -n 6p one.jsonl | head -c 50 >>mpi-resumed.jsonl
mpi --job solve --random 24 --seed 9 --threads 1 --chunk 3 --output mpi-resumed.jsonl 2>mpi-resume.err
cmp -s one.jsonl mpi-resumed.jsonl || fail "mpirun: a resumed file differs"
grep -q "^skatdd batch: 19 deals in" mpi-resume.err || fail "mpirun resume: $(cat mpi-resume.err)"
status=0
mpi --job table --threads 1 --chunk 1 --quiet --output mpi-mixed.jsonl mixed.yaml 2>mpi-mixed.err || status=$?
[ "$status" -eq 2 ] || fail "mpirun, a bad deal: status $status"
[ "$(grep -c "table needs a full deal" mpi-mixed.err)" -eq 1 ] || fail "mpirun, a bad deal: $(cat mpi-mixed.err)"
cmp -s mixed.jsonl mpi-mixed.jsonl || fail "mpirun, a bad deal: another file"
# The rate per core counts each rank's own threads (nodes differ): ranks 1
# and 2 with 1 and 2 threads are 3 cores (rank 0 only hands out chunks).
args=(batch --job solve --random 6 --seed 9 --chunk 2 --output mpi-cores.jsonl)
timeout 300 mpirun --oversubscribe -np 1 "$SKATDD" "${args[@]}" --threads 1 : -np 1 "$SKATDD" "${args[@]}" --threads 1 \
    : -np 1 "$SKATDD" "${args[@]}" --threads 2 2>mpi-cores.err
grep -q "^skatdd batch: 6 deals in .* per core (3 cores)$" mpi-cores.err || fail "mpirun, cores: $(cat mpi-cores.err)"
cmp -s mpi-cores.jsonl <(head -n 6 one.jsonl) || fail "mpirun with ranks of other thread counts: another file"
# A rank whose copy of the input differs (another file here) stops the job
# before it writes a line: its answers would be to another question.
sed 's/contract: grand/contract: clubs/' deal3.yaml >deal3-other.yaml
args=(batch --job solve --quiet --output mpi-other.jsonl)
status=0
timeout 300 mpirun --oversubscribe -np 1 "$SKATDD" "${args[@]}" deal3.yaml : -np 1 "$SKATDD" "${args[@]}" deal3.yaml \
    : -np 1 "$SKATDD" "${args[@]}" deal3-other.yaml 2>mpi-other.err || status=$?
[ "$status" -ne 0 ] || fail "mpirun, another input on rank 2: status 0"
grep -Eq "^skatdd batch: rank 2's input or options differ from rank 0's \(run [0-9a-f]{16}, rank 0's [0-9a-f]{16}\)" \
    mpi-other.err || fail "mpirun, another input on rank 2: $(cat mpi-other.err)"
[ ! -e mpi-other.jsonl ] || fail "mpirun, another input on rank 2: the file was made"
# So does a rank given another number of random deals (no part of the
# fingerprint, which a longer run may extend).
args=(batch --job solve --seed 9 --threads 1 --quiet --output mpi-count.jsonl)
status=0
timeout 300 mpirun --oversubscribe -np 1 "$SKATDD" "${args[@]}" --random 6 : -np 1 "$SKATDD" "${args[@]}" --random 6 \
    : -np 1 "$SKATDD" "${args[@]}" --random 3 2>mpi-count.err || status=$?
[ "$status" -ne 0 ] || fail "mpirun, another --random on rank 2: status 0"
grep -Eq "^skatdd batch: rank 2's input or options differ from rank 0's \(run [0-9a-f]{16}, 3 random deals, rank 0's [0-9a-f]{16}, 6 random deals\)" \
    mpi-count.err || fail "mpirun, another --random on rank 2: $(cat mpi-count.err)"
[ ! -e mpi-count.jsonl ] || fail "mpirun, another --random on rank 2: the file was made"
# A rule file a deal names is in every rank's fingerprint, rank 0's too
# (which solves nothing, but reads the deals' rules: at the start): edited,
# the file is refused under mpirun as without it; restored, it resumes.
status=0
mpi --job solve --quiet --output ruled.jsonl ruled.yaml 2>mpi-ruled.err || status=$?
[ "$status" -eq 2 ] && grep -q "^ruled.jsonl:1:1: written by a run with other settings" mpi-ruled.err ||
    fail "mpirun, the deal's edited rule file: status $status, $(cat mpi-ruled.err)"
sed -i 's/{game: grand, value: 24}/{game: grand, value: 20}/' deal-rules.yaml
mpi --job solve --output ruled.jsonl ruled.yaml 2>mpi-ruled.err
grep -q "^skatdd batch: 0 deals in" mpi-ruled.err || fail "mpirun, the deal's restored rule file: $(cat mpi-ruled.err)"
