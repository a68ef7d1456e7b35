#!/usr/bin/env python3
"""Where a cbcheck run's instructions go, by part of the pipeline, from a callgrind profile of the
20 MB bench log (`make bench-callgrind` writes bench-out/callgrind.out), and with `--callees
REGEX` the inclusive cost and callees of every function whose mangled name matches.

Usage: callgrind_parts.py bench-out/callgrind.out [--callees REGEX] [--min N]
"""
import argparse
import collections
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def read(path):
    """Self costs and call costs by function name (callgrind's name compression resolved)."""
    names, self_cost, calls, total = {}, collections.Counter(), collections.defaultdict(collections.Counter), 0

    def name(text):
        match = re.match(r"\((\d+)\)(?: (.*))?", text)
        if not match:
            return text
        if match.group(2):
            names[match.group(1)] = match.group(2)
        return names[match.group(1)]

    function = callee = None
    is_call = False
    for line in open(path):
        line = line.rstrip("\n")
        if line.startswith("fn="):
            function = name(line[3:])
        elif line.startswith("cfn="):
            callee = name(line[4:])
        elif line.startswith("calls="):
            is_call = True
        elif line.startswith(("summary:", "totals:")):
            total = int(line.split()[1])
        elif line and (line[0].isdigit() or line[0] in "+-*"):
            parts = line.split()
            if len(parts) >= 2:
                if is_call:
                    calls[function][callee] += int(parts[1])
                    is_call = False
                else:
                    self_cost[function] += int(parts[1])
    return self_cost, calls, total


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("profile")
    parser.add_argument("--callees")
    parser.add_argument("--min", type=int, default=1_000_000)
    args = parser.parse_args()
    self_cost, calls, total = read(args.profile)

    def inclusive(pattern):
        found = [f for f in self_cost.keys() | calls.keys() if re.search(pattern, f)]
        return max((self_cost[f] + sum(v for c, v in calls[f].items() if c != f) for f in found), default=0)

    def called(caller, callee):
        return sum(v for f in calls if re.search(caller, f) for c, v in calls[f].items() if re.search(callee, c))

    if args.callees:
        for function in sorted(self_cost.keys() | calls.keys()):
            if re.search(args.callees, function):
                print(f"{inclusive(re.escape(function) + '$'):>14,} total {self_cost[function]:>12,} self  {function[:150]}")
                for callee, cost in calls[function].most_common():
                    if cost >= args.min:
                        print(f"   {cost:>14,}  {callee[:150]}")
        return
    size = os.path.getsize(os.path.join(ROOT, "bench-out/bench-20mb.log"))
    whole = inclusive(r"FileCheckO3run.*Tf4nnxnd_n$")
    flush = inclusive(r"RecordAssemblerC(5flush|09recognizeC0)33_\w+LLyyF$")
    scan = called(r"RecordAssemblerC|PendingRecord", r"LiteralScannerV10candidates")
    recognition = inclusive(r"EventRecognizerV9recognize_10candidates")
    sink = inclusive(r"TraceBuilderC3addyyAA5EventVnF$")
    checker = called(r"TraceBuilderC", r"LogCheckerV5check4path7onEvent")
    parts = [
        ("start-up (rules, map, JIT, linking)", total - whole),
        ("per line: literal scan", scan),
        ("per line: reading, splitting, prefix shape, assembly", whole - flush - scan),
        ("per event: recognition (regexes, attributes)", recognition),
        ("per event: decoding the prefix, making the event", flush - recognition - sink),
        ("per event: trace builder", sink - checker),
        ("per event: monitors", inclusive(r"MonitorEngineC7process_2inyAA5EventV_AA9RunRecordCtF$")),
        ("per event: scenario tracker", inclusive(r"ScenarioTrackerC3add")),
    ]
    for label, cost in parts:
        print(f"{cost / size:6.2f}  {cost / 1e6:7.1f} M  {label}")
    print(f"{total / size:6.2f}  {total / 1e6:7.1f} M  total")


if __name__ == "__main__":
    main()
