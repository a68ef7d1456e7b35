#!/usr/bin/env python3
"""Prints the default event map's entry patterns as one PCRE2 pattern per line, for the
reference commands (`rg -P -c -f`, `pcre2grep -c -f`): the same patterns cbcheck runs, with
`/…/i` written as `(?i)…` and `\\/` unescaped.

Usage: event_patterns.py rules/events.cbevents > patterns.txt
"""
import re
import sys


def main():
    for line in open(sys.argv[1], encoding="utf-8"):
        stripped = line.strip()
        if not stripped.startswith("match /"):
            continue
        body = stripped[len("match /"):]
        pattern, _, flags = body.rpartition("/")
        # Named groups become plain groups: joined into one union, repeated names would clash.
        pattern = re.sub(r"\(\?<([A-Za-z]\w*)>", "(?:", pattern.replace("\\/", "/"))
        print(("(?i)" if "i" in flags else "") + pattern)


if __name__ == "__main__":
    main()
