#!/usr/bin/env bash
# What tracing costs the kernel lab's races (issue 21, the observer effect). RUNS times, for each scribbler marking
# rate in MARK_EVERY (a marker line every n-th pass over the buffer; the plans' default is 8), one
# `kernel-lab SCENARIO... --trace` run: each scenario runs untraced, then traced, back to back (the lab's own pair),
# and the script prints each scenario's tracing cost (race rate untraced → traced, its ratio, calls/s and buffer
# rewrites/s) and the events the traced run's ring buffer lost (lost~). Needs root, loop devices and tracefs.
# Asserts nothing: compare the rows of one run with each other; the numbers to quote come from a quiet machine.
#
# Usage: sudo bench/kernel-trace-cost.sh [JAR]   (default target/dio-lab.jar: mvn -o -B -q package -DskipTests)
# Env:   DIR (scratch directory on a real disk, default /var/tmp/dio-lab-trace-cost; traces go to DIR-traces),
#        RUNS (default 3), RUNTIME (default 3s), SIZE (default 64m), SCENARIOS (default "false-csum-read
#        nowait-read"), MARK_EVERY (default "1 8 64"), CP (a class path to run instead of the jar), JAVA_HOME.
set -euo pipefail
cd "$(dirname "$0")/.."
JAR=${1:-target/dio-lab.jar}
CP=${CP:-$JAR}
DIR=${DIR:-/var/tmp/dio-lab-trace-cost}
RUNS=${RUNS:-3}
RUNTIME=${RUNTIME:-3s}
SIZE=${SIZE:-64m}
SCENARIOS=${SCENARIOS:-false-csum-read nowait-read}
MARK_EVERY=${MARK_EVERY:-1 8 64}
JAVA=${JAVA_HOME:+$JAVA_HOME/bin/}java
[ "$(id -u)" = 0 ] || { echo "kernel-trace-cost needs root (loop devices, tracefs)" >&2; exit 2; }
command -v jq > /dev/null || { echo "kernel-trace-cost needs jq" >&2; exit 2; }
mkdir -p "$DIR" "$DIR-traces"
echo "# load average: $(cut -d' ' -f1-3 /proc/loadavg); runtime $RUNTIME per phase, size $SIZE; columns ending in ~ are traced"
printf '%-4s %-6s %-16s %10s %10s %7s %12s %12s %12s %12s %10s\n' run every scenario untraced/s traced/s ratio \
  calls/s calls/s~ rewrites/s rewrites/s~ lost~
for run in $(seq 1 "$RUNS"); do
  for every in $MARK_EVERY; do
    # shellcheck disable=SC2086 # SCENARIOS is a list of ids
    out=$("$JAVA" --enable-native-access=ALL-UNNAMED -Ddio-lab.trace.store-mark-every="$every" -cp "$CP" \
      org.diolab.cli.CliMain kernel-lab $SCENARIOS --dir "$DIR" --trace "$DIR-traces" --runtime "$RUNTIME" \
      --size "$SIZE" --format json --no-progress)
    jq -r --arg run "$run" --arg every "$every" '.results[] | select(.trace.cost != null) |
        [$run, $every, .scenario, .trace.cost.untraced.races_per_s, .trace.cost.traced.races_per_s,
         (.trace.cost.ratio // "-"), .trace.cost.untraced.calls_per_s, .trace.cost.traced.calls_per_s,
         .trace.cost.untraced.buffer_rewrites_per_s, .trace.cost.traced.buffer_rewrites_per_s,
         .trace.lost_events] | @tsv' <<< "$out" |
      while IFS=$'\t' read -r a b c d e f g h i j k; do
        printf '%-4s %-6s %-16s %10.1f %10.1f %7s %12.0f %12.0f %12.0f %12.0f %10s\n' "$a" "$b" "$c" "$d" "$e" "$f" \
          "$g" "$h" "$i" "$j" "$k"
      done
  done
done
echo "# left behind: $(losetup -a | grep -c "$DIR" || true) loop device(s)," \
  "$(findmnt -rn -o TARGET | grep -c "^$DIR" || true) mount(s) under $DIR"
