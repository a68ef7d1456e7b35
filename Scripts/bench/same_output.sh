#!/bin/bash
# Compares what a cbcheck binary prints with a recorded baseline, for speed work that must not
# change behaviour: `--stats` and the findings, the whole `cbcheck trace` and the JSON report on
# the 20 MB bench log, and `--stats --format json` on every fixture.
#
#   Scripts/bench/same_output.sh .build/release/cbcheck save   # before the change
#   Scripts/bench/same_output.sh .build/release/cbcheck        # after each step: "same output"
#
# The baseline is kept in bench-out/baseline/ (make bench creates bench-out/bench-20mb.log).
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BIN=$(readlink -f "$1")
MODE=${2:-compare}
LOG="$ROOT/bench-out/bench-20mb.log"
BASE="$ROOT/bench-out/baseline"
mkdir -p "$ROOT/bench-out"
[ -f "$LOG" ] || python3 "$ROOT/Scripts/bench/generate_log.py" 20 "$LOG"
OUT=$(mktemp -d)
cd "$ROOT"
"$BIN" --stats "$LOG" > "$OUT/stats.txt" 2>&1
"$BIN" trace "$LOG" > "$OUT/trace.txt" 2>&1
"$BIN" --format json "$LOG" > "$OUT/report.json" 2>&1
find Fixtures -name '*.log' | sort | while read -r fixture; do
    echo "== $fixture"
    "$BIN" --stats --format json "$fixture" 2>&1
done > "$OUT/fixtures.txt"
if [ "$MODE" = save ]; then
    rm -rf "$BASE" && mv "$OUT" "$BASE" && echo "baseline saved in $BASE"
    exit 0
fi
status=0
for file in stats.txt trace.txt report.json fixtures.txt; do
    if ! cmp -s "$OUT/$file" "$BASE/$file"; then
        echo "DIFFERENT: $file"
        diff "$BASE/$file" "$OUT/$file" | head -20
        status=1
    fi
done
[ $status = 0 ] && echo "same output (stats, trace, JSON report, $(grep -c '^==' "$OUT/fixtures.txt") fixtures)"
rm -rf "$OUT"
exit $status
