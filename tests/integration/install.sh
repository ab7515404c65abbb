#!/usr/bin/env bash
# make install end to end: a fresh clone of the committed HEAD is built and
# installed into a temporary DESTDIR, the clone removed, and the installed
# skatdd must work on its own (rule systems built in), with its man page and
# bash completion in place, and the library with it: the C example built with
# pkg-config and the Python example solve the first example deal.  make
# uninstall then leaves no file behind.
# Uncommitted changes are not in the clone: commit before trusting this test.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
fail() { echo "FAIL: $*" >&2; exit 1; }
# The clone builds its own optimised binary: the result does not depend on
# the build under test, so the sanitizer runs of make test skip the rebuild.
case ${SKATDD:-} in
*/san/* | */tsan/*) echo "install test: run with the optimised build only"; exit 0 ;;
esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
dest="$tmp/dest"
prefix=/usr/local

git clone -q "$(git -C "$top" rev-parse --show-toplevel)" "$tmp/clone"
make -C "$tmp/clone" -j2 --no-print-directory -s build/skatdd lib >"$tmp/build.log" 2>&1 ||
    { tail -20 "$tmp/build.log"; fail "build in the clone"; }
make -C "$tmp/clone" --no-print-directory -s install DESTDIR="$dest" PREFIX="$prefix" >"$tmp/install.log" 2>&1 ||
    { cat "$tmp/install.log"; fail "make install"; }
# uninstall needs no source but the Makefile and the version in the header
mkdir "$tmp/include" "$tmp/examples"
cp "$tmp/clone/Makefile" "$tmp/Makefile"
cp "$tmp/clone/include/skatdd.h" "$tmp/include/"
cp "$tmp/clone/examples/solve_position.c" "$tmp/clone/examples/solve_position.py" "$tmp/examples/"
cp "$top/problems/examples.yaml" "$tmp/deal.yaml"
rm -rf "$tmp/clone"

bin="$dest$prefix/bin/skatdd"
[ -x "$bin" ] || fail "no $bin"
mkdir "$tmp/cwd"
cd "$tmp/cwd"
run() { env -u SKATDD_RULES_DIR "$bin" "$@"; }
list=$(run rules)
[ "$(awk '{ print $1 }' <<<"$list" | tr '\n' ' ')" = "classic isko texas tournee " ] || fail "skatdd rules: $list"
run rules texas | grep "^  file: texas.yaml (built in)$" >/dev/null || fail "skatdd rules texas"
out=$(run solve --ascii "$tmp/deal.yaml") || fail "skatdd solve"
grep -q "^Result: declarer takes 116 card points with best play" <<<"$out" || fail "solve: $out"
run --version | grep -E "^skatdd [0-9]" >/dev/null || fail "skatdd --version"

man="$dest$prefix/share/man/man1/skatdd.1"
[ -f "$man" ] || fail "no man page $man"
if command -v man >/dev/null; then
    MANWIDTH=80 man -l "$man" 2>/dev/null | grep "skatdd - double-dummy solver" >/dev/null || fail "man -l $man"
fi
completion="$dest$prefix/share/bash-completion/completions/skatdd"
[ -f "$completion" ] || fail "no completion $completion"
[ "$(bash -c "source '$completion'; COMP_WORDS=(skatdd tab); COMP_CWORD=1; _skatdd; echo \${COMPREPLY[*]}")" = table ] ||
    fail "installed completion"

# The library as a program outside the tree finds it: the C example built
# with pkg-config against the installed header and libraries, the Python
# example with the installed module, which finds the installed library
# through the normal search path (LD_LIBRARY_PATH stands in for ldconfig).
root="$dest$prefix"
[ "$(readlink "$root/lib/libskatdd.so.0")" = libskatdd.so.0.3.0 ] || fail "libskatdd.so.0 link"
[ "$(readlink "$root/lib/libskatdd.so")" = libskatdd.so.0 ] || fail "libskatdd.so link"
flags=$(PKG_CONFIG_PATH="$root/lib/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$dest" pkg-config --cflags --libs skatdd) ||
    fail "pkg-config skatdd"
# shellcheck disable=SC2086
cc "$tmp/examples/solve_position.c" $flags -o "$tmp/solve_position" || fail "C example against the installed library"
c_out=$(LD_LIBRARY_PATH="$root/lib" "$tmp/solve_position" "$tmp/deal.yaml") || fail "C example: $c_out"
[ "$(tail -n 1 <<<"$c_out")" = 116 ] || fail "C example printed: $c_out"
py_out=$(env -u SKATDD_LIBRARY LD_LIBRARY_PATH="$root/lib" PYTHONPATH="$root/lib/python3/dist-packages" \
         python3 "$tmp/examples/solve_position.py" "$tmp/deal.yaml") || fail "Python example: $py_out"
[ "$(tail -n 1 <<<"$py_out")" = 116 ] || fail "Python example printed: $py_out"

make -C "$tmp" -f Makefile --no-print-directory -s uninstall DESTDIR="$dest" PREFIX="$prefix" >/dev/null ||
    fail "make uninstall"
left=$(find "$dest" ! -type d)
[ -z "$left" ] || fail "make uninstall left: $left"
exit 0
