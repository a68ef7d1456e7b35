#!/usr/bin/env python3
"""`make bench`: throughput and peak memory of cbcheck beside reference commands, same run.

For each size it generates a deterministic log (cached in bench-out/), then runs each command
REPEATS times and prints the median MB/s with the spread, the peak RSS (GNU time's %M), and the
ratios cbcheck / rg and cbcheck / wc, for cbcheck as run (one log: read on a thread of its own
while the main one follows its events) and on one thread (`-j 1`). Reference commands get the union of the default event map's
patterns and their output goes to a file, so grep-likes do the whole work (GNU grep stops at the
first match when its output is /dev/null). `rg -c` and `pcre2grep -c` need `-P`-style PCRE for the
map's look-arounds; `rg plain` runs ripgrep's own engine on the same patterns with the
look-arounds left out (each then matches a superset of its lines): the issue's "rg -c with the
union of the callback patterns". One more reference, `rg -F literals`, counts the lines
holding any of the map's required literals (`cbcheck rules --event-map` lists them; `/…/i` ones in
lower case, matched as written): the work of merely finding candidate lines, the bar cbcheck's
whole run is measured against.

Then the same on logs of three other shapes from another generator (generate_shapes.py: dumps,
unified, tasks), at --shape-size MB, beside `rg -c -F` with the callback method names, the same
with `pcre2grep`, `rg -F` with the map's literals (finding candidate lines only) and `wc -l`.

Usage: bench.py [--sizes 20,200,1000] [--repeats 3] [--shapes dumps,unified,tasks] [--shape-size 200]
                [--binary .build/release/cbcheck]
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def measure(command, output_path, repeats):
    """Median and min/max wall seconds and the largest peak RSS (KB) over `repeats` runs."""
    seconds, peaks = [], []
    for _ in range(repeats):
        with open(output_path, "wb") as out, open(output_path + ".time", "w") as timing:
            start = time.perf_counter()
            status = subprocess.run(["/usr/bin/time", "-f", "%M"] + command, stdout=out, stderr=timing,
                                    check=False).returncode
            seconds.append(time.perf_counter() - start)
        # 126/127: the command could not be run (not installed); 2: it failed (1 is grep's "no line
        # matched" and cbcheck's "findings"). A rate measured on either would be a fiction.
        if status >= 2:
            with open(output_path + ".time") as timing:
                raise SystemExit(f"bench: {' '.join(command[:3])} … exited with status {status}: {timing.read()[-300:]}")
        with open(output_path + ".time") as timing:
            lines = [line.strip() for line in timing if line.strip()]
            peaks.append(int(lines[-1]) if lines and lines[-1].isdigit() else 0)
    return statistics.median(seconds), min(seconds), max(seconds), max(peaks)


def warm_page_cache(path):
    """Reads `path` once, so each command starts with the log in the page cache (a virtual machine
    may reclaim cache between commands: a 1 GB run that reads part of the log from disk takes a
    third longer, whichever command it is)."""
    with open(path, "rb") as handle:
        while handle.read(1 << 24):
            pass


def write_literals(binary, path):
    """The event map's required literals, one per line, from `cbcheck rules --event-map`."""
    listing = subprocess.run([binary, "rules", "--no-config", "--event-map"], capture_output=True, text=True,
                             check=True).stdout
    literals = []
    for line in listing.splitlines():
        for quoted in re.findall(r'"((?:[^"\\]|\\.)*)"', line):
            # One pass, so an escaped backslash before `x41` stays a backslash; a byte is kept as one
            # byte (latin-1 below).
            literal = re.sub(r"\\(x[0-9A-F]{2}|.)",
                             lambda m: chr(int(m.group(1)[1:], 16)) if len(m.group(1)) == 3 else m.group(1), quoted)
            if literal not in literals:
                literals.append(literal)
    with open(path, "w", encoding="latin-1") as handle:
        handle.write("".join(literal + "\n" for literal in literals))
    return len(literals)


def scaling(binary, out_dir, repeats):
    """The HTML report on many runs (seconds, and the ratio that shows it linear) and the memory
    open tasks take (peak RSS, and bytes per open task between the two sizes), on generate_many.py's
    logs."""
    def generated(mode, count):
        path = os.path.join(out_dir, f"many-{mode}-{count}.log")
        if not os.path.exists(path):
            subprocess.run([sys.executable, os.path.join(HERE, "generate_many.py"), mode, str(count), path], check=True)
        return path
    page = os.path.join(out_dir, "many.html")
    seconds = {}
    for runs in (10_000, 40_000):
        log = generated("runs", runs)
        text, _, _, _ = measure([binary, log], os.path.join(out_dir, "out.txt"), repeats)
        html, _, _, peak = measure([binary, log, "--format", "html", "--output", page], os.path.join(out_dir, "out.txt"),
                                   repeats)
        seconds[runs] = html
        print(f"html report, {runs} runs: {html:.2f} s (text report {text:.2f} s), peak RSS {peak / 1024:.1f} MB,"
              f" page {os.path.getsize(page) / 1e6:.1f} MB")
    print(f"html linearity: time(40000 runs) / time(10000 runs) = {seconds[40_000] / seconds[10_000]:.2f}"
          " (runs ratio 4.0)")
    # A million tasks that each complete (issue 19's ceiling: 64 MB), from the hostile suite's generator.
    settled = os.path.join(out_dir, "many-settled-1000000.log")
    if not os.path.exists(settled):
        subprocess.run([sys.executable, os.path.join(ROOT, "Scripts/hostile/many_tasks.py"), "1000000", settled], check=True)
    seconds, _, _, peak = measure([binary, settled], os.path.join(out_dir, "out.txt"), 1)
    print(f"settled tasks, 1000000: peak RSS {peak / 1024:.1f} MB, {seconds:.2f} s")
    # Open tasks owed nothing (created and resumed), and owed their completion (cancelled too):
    # past --max-open-tasks both are set aside, so the memory per task beyond the limit is small.
    for mode, what in (("open-tasks", "open tasks"), ("cancelled", "cancelled open tasks")):
        peaks = {}
        for tasks in (50_000, 200_000):
            seconds, _, _, peak = measure([binary, generated(mode, tasks)], os.path.join(out_dir, "out.txt"), 1)
            peaks[tasks] = peak * 1024
            print(f"{what}, {tasks}: peak RSS {peak / 1024:.1f} MB, {seconds:.2f} s")
        per_task = (peaks[200_000] - peaks[50_000]) / 150_000
        print(f"memory per {what[:-1]}: {per_task:.0f} bytes (peak RSS difference over 150000 tasks)")


def shape_run(args, out_dir, shape, literals):
    """cbcheck on another generator's log (generate_shapes.py) beside the references a user would
    pick: rg with the callback method names, and the bars of merely finding candidate lines
    (`rg -F` with the map's literals: a matching-only pass) and of counting lines (`wc -l`)."""
    size = args.shape_size
    log = os.path.join(out_dir, f"shape-{shape}-{size}mb.log")
    if not os.path.exists(log):
        subprocess.run([sys.executable, os.path.join(HERE, "generate_shapes.py"), shape, str(size), log], check=True)
    megabytes = os.path.getsize(log) / 1e6
    methods = os.path.join(HERE, "callback_methods.txt")
    commands = {
        "cbcheck": [args.binary, log],
        "cbcheck -j 1": [args.binary, "-j", "1", log],
        "rg methods": ["rg", "--no-mmap", "-c", "-F", "-f", methods, log],
        "pcre2grep methods": ["pcre2grep", "-c", "-F", "-f", methods, log],
        "rg -F literals": ["rg", "--no-mmap", "-c", "-F", "-f", literals, log],
        "wc -l": ["wc", "-l", log],
    }
    rates = {}
    label = f"{shape[:6]}"
    for name, command in commands.items():
        warm_page_cache(log)
        median, fastest, slowest, peak = measure(command, os.path.join(out_dir, "out.txt"), args.repeats)
        rates[name] = megabytes / median
        spread = f"{megabytes / slowest:7.0f}-{megabytes / fastest:<7.0f}"
        print(f"{label:>6}  {name:<17} {rates[name]:9.0f} ({spread}) {peak / 1024:8.1f} MB", flush=True)
    for own in ("cbcheck", "cbcheck -j 1"):
        ratios = [f"{own} / {name} = {rates[own] / rates[name]:.2f}"
                  for name in ("rg methods", "pcre2grep methods", "rg -F literals", "wc -l")]
        print(f"{'':>6}  " + ", ".join(ratios), flush=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="20,200,1000")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/cbcheck"))
    parser.add_argument(
        "--shapes", default="dumps,unified,tasks",
        help="other generators' shapes (generate_shapes.py), each at --shape-size MB; '' for none")
    parser.add_argument("--shape-size", type=int, default=200)
    parser.add_argument(
        "--reference-max-mb", type=int, default=200,
        help="rg -P and pcre2grep run the map's regexes on every line and are slow: skip them above this size")
    args = parser.parse_args()
    out_dir = os.path.join(ROOT, "bench-out")
    os.makedirs(out_dir, exist_ok=True)
    patterns = os.path.join(out_dir, "patterns.txt")
    with open(patterns, "w") as handle:
        subprocess.run([sys.executable, os.path.join(HERE, "event_patterns.py"),
                        os.path.join(ROOT, "rules/events.cbevents")], stdout=handle, check=True)
    plain = os.path.join(out_dir, "patterns-plain.txt")
    with open(plain, "w") as handle:
        subprocess.run([sys.executable, os.path.join(HERE, "event_patterns.py"), "--plain",
                        os.path.join(ROOT, "rules/events.cbevents")], stdout=handle, check=True)
    literals = os.path.join(out_dir, "literals.txt")
    count = write_literals(args.binary, literals)
    print(f"references: the map's patterns (bench-out/patterns.txt; without look-arounds for rg plain:"
          f" bench-out/patterns-plain.txt), its {count} literals (bench-out/literals.txt)")
    print(f"{'size':>6}  {'command':<15} {'MB/s median (min-max)':>24} {'peak RSS':>10}")
    times = {}
    for size in [int(s) for s in args.sizes.split(",")]:
        log = os.path.join(out_dir, f"bench-{size}mb.log")
        if not os.path.exists(log):
            subprocess.run([sys.executable, os.path.join(HERE, "generate_log.py"), str(size), log], check=True)
        megabytes = os.path.getsize(log) / 1e6
        commands = {
            "cbcheck": [args.binary, log],
            "cbcheck -j 1": [args.binary, "-j", "1", log],
            "rg -c": ["rg", "--no-mmap", "-c", "-P", "-f", patterns, log],
            "pcre2grep -c": ["pcre2grep", "-c", "-f", patterns, log],
            "rg plain": ["rg", "--no-mmap", "-c", "-f", plain, log],
            "rg -F literals": ["rg", "--no-mmap", "-c", "-F", "-f", literals, log],
            # What a user would grep: the callback and lifecycle method names (Scripts/bench/callback_methods.txt).
            "rg methods": ["rg", "--no-mmap", "-c", "-F", "-f", os.path.join(HERE, "callback_methods.txt"), log],
            "wc -l": ["wc", "-l", log],
        }
        rates = {}
        for name, command in commands.items():
            slow_reference = name in ("rg -c", "pcre2grep -c")
            if slow_reference and size > args.reference_max_mb:
                print(f"{size:>5}M  {name:<15} skipped (above --reference-max-mb {args.reference_max_mb})")
                continue
            repeats = 1 if slow_reference and size > 20 else args.repeats
            warm_page_cache(log)
            median, fastest, slowest, peak = measure(command, os.path.join(out_dir, "out.txt"), repeats)
            rates[name] = megabytes / median
            times[(size, name)] = median
            spread = f"{megabytes / slowest:7.0f}-{megabytes / fastest:<7.0f}"
            print(f"{size:>5}M  {name:<15} {rates[name]:9.0f} ({spread}) {peak / 1024:8.1f} MB", flush=True)
        for own in ("cbcheck", "cbcheck -j 1"):
            ratios = [f"{own} / {name} = {rates[own] / rates[name]:.2f}"
                      for name in ("rg methods", "rg -c", "pcre2grep -c", "rg plain", "rg -F literals", "wc -l")
                      if name in rates]
            print(f"{'':>6}  " + ", ".join(ratios), flush=True)
    for shape in [s for s in args.shapes.split(",") if s]:
        shape_run(args, out_dir, shape, literals)
    scaling(args.binary, out_dir, args.repeats)
    empty = os.path.join(out_dir, "empty.log")
    open(empty, "w").close()
    start_up, _, _, peak = measure([args.binary, empty], os.path.join(out_dir, "out.txt"), max(5, args.repeats))
    print(f"start-up on an empty log: {start_up * 1000:.0f} ms, peak RSS {peak / 1024:.1f} MB")
    sizes = sorted({size for size, _ in times})
    if len(sizes) > 1:
        small, large = sizes[-2], sizes[-1]
        for own in ("cbcheck", "cbcheck -j 1"):
            whole = times[(large, own)] / times[(small, own)]
            # The fixed start-up weighs more in the smaller log's time; net of it, the ratio is
            # that of the work done per byte.
            net = (times[(large, own)] - start_up) / (times[(small, own)] - start_up)
            print(f"linearity ({own}): time({large} MB) / time({small} MB) = {whole:.2f},"
                  f" {net:.2f} net of the start-up (sizes ratio {large / small:.1f})")


if __name__ == "__main__":
    main()
