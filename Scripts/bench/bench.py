#!/usr/bin/env python3
"""`make bench`: throughput and peak memory of cbcheck beside reference commands, same run.

For each size it generates a deterministic log (cached in bench-out/), then runs each command
REPEATS times and prints the median MB/s with the spread, the peak RSS (GNU time's %M), and the
ratios cbcheck / rg and cbcheck / wc. Reference commands get the union of the default event map's
patterns and their output goes to a file, so grep-likes do the whole work (GNU grep stops at the
first match when its output is /dev/null).

Usage: bench.py [--sizes 20,200,1000] [--repeats 3] [--binary .build/release/cbcheck]
"""
import argparse
import os
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
            subprocess.run(["/usr/bin/time", "-f", "%M"] + command, stdout=out, stderr=timing, check=False)
            seconds.append(time.perf_counter() - start)
        with open(output_path + ".time") as timing:
            lines = [line.strip() for line in timing if line.strip()]
            peaks.append(int(lines[-1]) if lines and lines[-1].isdigit() else 0)
    return statistics.median(seconds), min(seconds), max(seconds), max(peaks)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="20,200,1000")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build/release/cbcheck"))
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
    print(f"{'size':>6}  {'command':<12} {'MB/s median (min-max)':>24} {'peak RSS':>10}")
    times = {}
    for size in [int(s) for s in args.sizes.split(",")]:
        log = os.path.join(out_dir, f"bench-{size}mb.log")
        if not os.path.exists(log):
            subprocess.run([sys.executable, os.path.join(HERE, "generate_log.py"), str(size), log], check=True)
        megabytes = os.path.getsize(log) / 1e6
        commands = {
            "cbcheck": [args.binary, log],
            "rg -c": ["rg", "--no-mmap", "-c", "-P", "-f", patterns, log],
            "pcre2grep -c": ["pcre2grep", "-c", "-f", patterns, log],
            "wc -l": ["wc", "-l", log],
        }
        rates = {}
        for name, command in commands.items():
            slow_reference = name in ("rg -c", "pcre2grep -c")
            if slow_reference and size > args.reference_max_mb:
                print(f"{size:>5}M  {name:<12} skipped (above --reference-max-mb {args.reference_max_mb})")
                continue
            repeats = 1 if slow_reference and size > 20 else args.repeats
            median, fastest, slowest, peak = measure(command, os.path.join(out_dir, "out.txt"), repeats)
            rates[name] = megabytes / median
            times[(size, name)] = median
            spread = f"{megabytes / slowest:7.0f}-{megabytes / fastest:<7.0f}"
            print(f"{size:>5}M  {name:<12} {rates[name]:9.0f} ({spread}) {peak / 1024:8.1f} MB", flush=True)
        ratios = [f"cbcheck / {name.split()[0]} = {rates['cbcheck'] / rates[name]:.2f}"
                  for name in ("rg -c", "pcre2grep -c", "wc -l") if name in rates]
        print(f"{'':>6}  " + ", ".join(ratios), flush=True)
    sizes = sorted({size for size, _ in times})
    if len(sizes) > 1:
        small, large = sizes[-2], sizes[-1]
        ratio = times[(large, "cbcheck")] / times[(small, "cbcheck")]
        print(f"linearity: time({large} MB) / time({small} MB) = {ratio:.2f} (sizes ratio {large / small:.1f})")
    empty = os.path.join(out_dir, "empty.log")
    open(empty, "w").close()
    median, _, _, peak = measure([args.binary, empty], os.path.join(out_dir, "out.txt"), max(5, args.repeats))
    print(f"start-up on an empty log: {median * 1000:.0f} ms, peak RSS {peak / 1024:.1f} MB")


if __name__ == "__main__":
    main()
