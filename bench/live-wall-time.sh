#!/usr/bin/env bash
# Wall time of `dio-lab bench --runtime 5s` from the shell's point of view: JVM start, checks, file layout, the 5 s
# run, the report and the removal of the files. Per job, RUNS repetitions of two cases:
#   fresh - a new scratch session: the files are laid out first and removed at the end (the default);
#   kept  - with --keep-files after one untimed run that laid them out: reused, left in place (fio's default);
#   fio   - when fio is on the PATH, the same job run the same way by fio in a new directory, then `rm` of its files:
#           fio's own first run (it lays its files out too) and their removal, for scale.
# Also the CPU seconds of a 100 ms run: the fixed per-run start-up cost. Prints medians with min-max; asserts
# nothing (the machine is shared: compare with the load average printed).
#
# Usage: bench/live-wall-time.sh [SCRATCH_DIR]     (default /var/tmp/dio-lab-wall; on the disk to measure)
# Env:   RUNS (default 3), RUNTIME (default 5s), JAVA_HOME (JDK 25+). Needs target/dio-lab.jar.
set -euo pipefail

cd "$(dirname "$0")/.."
DIR=${1:-/var/tmp/dio-lab-wall}
RUNS=${RUNS:-3}
RUNTIME=${RUNTIME:-5s}
JAR=target/dio-lab.jar
JAVA=${JAVA_HOME:+$JAVA_HOME/bin/}java
[ -f "$JAR" ] || { echo "$JAR is missing; build it: mvn -B -q package -DskipTests" >&2; exit 2; }
mkdir -p "$DIR"

source bench/live-jobs.sh
JOBS=("${LIVE_JOBS[@]:0:6}") # the six jobs of issue 13

dl() { "$JAVA" --enable-native-access=ALL-UNNAMED -cp "$JAR" org.diolab.cli.CliMain bench --dir "$DIR" "$@"; }
# seconds of wall time of one command (its output discarded)
wall() { local t0 t1; t0=$(date +%s.%N); "$@" > /dev/null 2>&1; t1=$(date +%s.%N); awk -v a="$t0" -v b="$t1" 'BEGIN {print b - a}'; }
stats() { sort -n | awk '{v[NR]=$1} END {m = (NR % 2) ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2;
  printf "%6.2f (%.2f-%.2f)", m, v[1], v[NR]}'; }

echo "# wall time of a $RUNTIME bench run, $RUNS runs per case, in $DIR"
echo "# $(date -u +%Y-%m-%dT%H:%M:%SZ), Linux $(uname -r), $("$JAVA" -version 2>&1 | head -1), $(nproc) CPUs," \
  "load average $(cut -d' ' -f1-3 /proc/loadavg)"
FIO=$(command -v fio || true)
FIODIR=$DIR/fio-wall
printf '%-22s %-26s %-26s %-26s\n' job "fresh: median (min-max) s" "kept: median (min-max) s" \
  "${FIO:+fio fresh + rm: median (min-max) s}"
# fio's options from DIO Lab's (--rw X -> --rw=X) plus what DIO Lab does by default: O_DIRECT, psync, time based
fio_fresh() {
  local args=() a
  for a in "$@"; do if [[ $a == --* ]]; then args+=("$a"); else args[-1]+="=$a"; fi; done
  mkdir -p "$FIODIR" && rm -f "$FIODIR"/*
  fio --name=wall --directory="$FIODIR" "${args[@]}" --direct=1 --ioengine=psync --time_based --runtime="$RUNTIME" \
    --group_reporting --output-format=terse && rm -f "$FIODIR"/*
}
for entry in "${JOBS[@]}"; do
  name=${entry%%|*}
  read -r -a opts <<< "${entry#*|}"
  fresh=(); kept=(); fio=()
  dl --name "$name" "${opts[@]}" --runtime 1s --keep-files --no-progress > /dev/null 2>&1 # lays out the kept files
  for _ in $(seq "$RUNS"); do
    fresh+=("$(wall dl --name "$name" "${opts[@]}" --runtime "$RUNTIME" --no-progress)")
    kept+=("$(wall dl --name "$name" "${opts[@]}" --runtime "$RUNTIME" --keep-files --no-progress)")
    if [ -n "$FIO" ]; then fio+=("$(wall fio_fresh "${opts[@]}")"); fi
  done
  printf '%-22s %-26s %-26s %-26s\n' "$name" "$(printf '%s\n' "${fresh[@]}" | stats)" \
    "$(printf '%s\n' "${kept[@]}" | stats)" "$(if [ -n "$FIO" ]; then printf '%s\n' "${fio[@]}" | stats; fi)"
done
dl --remove-kept-files > /dev/null
rm -rf "$FIODIR"
cpu=()
for _ in $(seq "$RUNS"); do
  cpu+=("$( { /usr/bin/time -f '%U %S' "$JAVA" --enable-native-access=ALL-UNNAMED -cp "$JAR" org.diolab.cli.CliMain \
    bench --dir "$DIR" --rw read --bs 64k --size 16m --runtime 100ms --no-progress > /dev/null; } 2>&1 | tail -1 \
    | awk '{print $1 + $2}')")
done
echo "start-up: CPU seconds of a 100 ms run (whole process): $(printf '%s\n' "${cpu[@]}" | stats)"
echo "(load average now $(cut -d' ' -f1-3 /proc/loadavg))"
