#!/usr/bin/env bash
# make test's test runs, in two lanes side by side: the plain build's tests,
# then the fuzz corpus replayed under the sanitizers; and the sanitizer
# build's tests.  Each suite runs one process at a time for most of its
# length, so on two cores the lanes together take about as long as the
# longer one (about 5 minutes, not 9).  Each line carries its lane's name;
# the exit status is non-zero when either lane failed.
#   tests/run_lanes.sh FUZZ_SPEC...
set -u
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/.." || exit 1

# lane NAME COMMAND...: runs the commands (one string each) in turn, stops
# at the first that fails, and prefixes every line it prints with [NAME].
lane() {
    local name=$1 status=0
    shift
    for step in "$@"; do
        bash -c "$step" 2>&1 | sed -u "s/^/[$name] /"
        status=${PIPESTATUS[0]}
        [ "$status" -eq 0 ] || break
    done
    return "$status"
}

lane plain "tests/run_tests.sh build" "tests/fuzz/replay.sh build/san $*" &
plain=$!
lane san "tests/run_tests.sh build/san" &
san=$!
wait "$plain"
plain_status=$?
wait "$san"
san_status=$?
[ "$plain_status" -eq 0 ] && [ "$san_status" -eq 0 ]
