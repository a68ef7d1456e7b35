#!/usr/bin/env python3
"""Prints the default event map's entry patterns as one PCRE2 pattern per line, for the
reference commands (`rg -P -c -f`, `pcre2grep -c -f`): the same patterns cbcheck runs, with
`/…/i` written as `(?i)…` and `\\/` unescaped. With `--plain`, look-arounds and `\\K` are dropped, so
ripgrep's own engine (no `-P`) takes them: each pattern then matches every line it matched
before and maybe more — the plain callback patterns the issue measured ripgrep with.

Usage: event_patterns.py [--plain] rules/events.cbevents > patterns.txt
"""
import re
import sys


def without_lookarounds(pattern):
    """`pattern` with every `(?=…)`, `(?!…)`, `(?<=…)` and `(?<!…)` group left out."""
    out, index = [], 0
    while index < len(pattern):
        if pattern.startswith(("(?=", "(?!", "(?<=", "(?<!"), index):
            depth, end = 0, index
            while end < len(pattern):
                if pattern[end] == "\\":
                    end += 2
                    continue
                if pattern[end] == "[":  # a class: its parentheses are characters
                    end = pattern.index("]", end + 2)
                    while pattern[end - 1] == "\\":
                        end = pattern.index("]", end + 1)
                    end += 1
                    continue
                depth += {"(": 1, ")": -1}.get(pattern[end], 0)
                if depth == 0:
                    break
                end += 1
            index = end + 1
            continue
        step = 2 if pattern[index] == "\\" else 1
        out.append(pattern[index:index + step])
        index += step
    return "".join(out)


def main():
    plain = "--plain" in sys.argv[1:]
    path = [arg for arg in sys.argv[1:] if arg != "--plain"][0]
    for line in open(path, encoding="utf-8"):
        stripped = line.strip()
        if not stripped.startswith("match /"):
            continue
        body = stripped[len("match /"):]
        pattern, _, flags = body.rpartition("/")
        # Named groups become plain groups: joined into one union, repeated names would clash.
        pattern = re.sub(r"\(\?<([A-Za-z]\w*)>", "(?:", pattern.replace("\\/", "/"))
        if plain:
            # `\K` only moves where a match starts: the line matches with or without it.
            pattern = without_lookarounds(pattern).replace("\\K", "")
        print(("(?i)" if "i" in flags else "") + pattern)


if __name__ == "__main__":
    main()
