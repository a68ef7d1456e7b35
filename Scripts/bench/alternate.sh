#!/bin/bash
# Times commands by hand, alternating them so a noisy machine disturbs each alike, and prints each
# one's median, fastest and slowest wall time and its median CPU time (user + sys):
#   Scripts/bench/alternate.sh 5 'cbcheck -j 1 bench-out/bench-200mb.log' 'cbcheck bench-out/bench-200mb.log'
# Each command runs under bash -c with its output discarded; warm the page cache first
# (`cat LOG > /dev/null`).
set -euo pipefail
runs=$1
shift
timing=$(mktemp)
results=$(mktemp -d)
trap 'rm -rf "$timing" "$results"' EXIT
for ((run = 0; run < runs; run++)); do
    index=0
    for command in "$@"; do
        /usr/bin/time -f '%e %U %S' -o "$timing" bash -c "$command" > /dev/null 2>&1 || true
        cat "$timing" >> "$results/$index"
        index=$((index + 1))
    done
done
index=0
for command in "$@"; do
    python3 - "$results/$index" "$command" << 'PY'
import statistics, sys
rows = [list(map(float, line.split())) for line in open(sys.argv[1]) if line.strip()]
walls = sorted(row[0] for row in rows)
cpus = [row[1] + row[2] for row in rows]
print(f"wall median {statistics.median(walls):.3f} s (min {walls[0]:.3f}, max {walls[-1]:.3f}),"
      f" CPU median {statistics.median(cpus):.3f} s :: {sys.argv[2]}")
PY
    index=$((index + 1))
done
