#!/usr/bin/env python3
"""Runs the commands the README shows and compares their output with the
README's.  A block starts at a line "$ skatdd ..." inside a fenced block and
runs to the next "$ " line or the fence.  Times are the only thing allowed to
differ; a line "..." in the README stands for any run of lines (an excerpt),
and "..." inside a line for any text.  Commands whose line matches a pattern
given with --skip (big batch runs, a cluster) are not run.

  readme_check.py README SKATDD WORKDIR [--skip PATTERN]...

Prints one line per failing block (and the first differing lines), and
exits 1 when any block differs."""
import os
import re
import subprocess
import sys

TIMES = [
    (re.compile(r'time: [0-9.]+ ms'), 'time: T ms'),
    (re.compile(r'\), [0-9.]+ s$'), '), T s'),
    (re.compile(r'^(solved|WRONG) +[0-9.]+ '), r'\1 T '),
    (re.compile(r'; [0-9]+ ms \('), '; T ms ('),
]


def normal(line):
    for pattern, text in TIMES:
        line = pattern.sub(text, line)
    return line.rstrip()


def line_matches(expected, got):
    expected, got = normal(expected), normal(got)
    if '...' not in expected:
        return expected == got
    parts = [re.escape(p) for p in expected.split('...')]
    return re.fullmatch('.*'.join(parts), got) is not None


def first_mismatch(expected, got):
    """None where the README's lines match the output, else the index of the
    README line no reading of the output reaches."""
    # ends: the numbers of output lines matched by the README's lines so far.
    ends = {0}
    for k, line in enumerate(expected):
        if line.strip() == '...':
            ends = set(range(min(ends), len(got) + 1))
        else:
            ends = {j + 1 for j in ends if j < len(got) and line_matches(line, got[j])}
        if not ends:
            return k
    return None if len(got) in ends else len(expected)


def blocks(readme):
    lines = open(readme, encoding='utf-8').read().split('\n')
    fenced = False
    i = 0
    while i < len(lines):
        if lines[i].startswith('```'):
            fenced = not fenced
        elif fenced and lines[i].startswith('$ skatdd '):
            start, command, expected = i + 1, lines[i][2:], []
            i += 1
            while i < len(lines) and not lines[i].startswith(('```', '$ ')):
                expected.append(lines[i])
                i += 1
            yield start, command, expected
            continue
        i += 1


def main():
    args = sys.argv[1:]
    skips = [args[k + 1] for k in range(len(args)) if args[k] == '--skip']
    readme, skatdd, workdir = [a for k, a in enumerate(args)
                               if a != '--skip' and (k == 0 or args[k - 1] != '--skip')]
    checked = failed = 0
    for start, command, expected in blocks(readme):
        if any(s in command for s in skips):
            continue
        shell = 'skatdd() { "$SKATDD" "$@"; }; ' + command
        run = subprocess.run(['bash', '-c', shell], cwd=workdir, capture_output=True, text=True,
                             env=dict(os.environ, SKATDD=skatdd, LC_ALL='C'))
        output = (run.stdout + run.stderr).rstrip('\n')
        got = output.split('\n') if output else []
        while expected and expected[-1] == '':
            expected.pop()
        checked += 1
        wrong = first_mismatch(expected, got)
        if wrong is not None:
            failed += 1
            shown = expected[wrong] if wrong < len(expected) else '(its end: the output goes on)'
            print(f'README line {start}: `{command}` prints otherwise than the README shows;'
                  f' README line {start + 1 + wrong} is not in the output: {shown!r}')
    print(f'{checked} README blocks run, {failed} differ')
    return 1 if failed or checked == 0 else 0


if __name__ == '__main__':
    sys.exit(main())
