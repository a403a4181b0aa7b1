#!/usr/bin/env bash
# Start-up cost of a live CLI run: wall and CPU seconds (whole process) of a 100 ms `bench` job, for two or more
# builds run alternately (A B A B ...) so load drift hits them alike. Each argument is a jar (run as
# `java -cp JAR org.diolab.cli.CliMain`) or a launcher script (target/dio-lab/bin/dio-lab: module path + AOT cache).
# Prints medians with min-max; asserts nothing (compare the builds within one run, never across runs).
#
# Usage: bench/cli-startup.sh [-n PAIRS] BUILD...     e.g. bench/cli-startup.sh OLD.jar target/dio-lab.jar
# Env:   DIR (scratch directory on a real disk, default /var/tmp/dio-lab-startup), JAVA_HOME (JDK 25+).
set -euo pipefail
cd "$(dirname "$0")/.."
PAIRS=8
if [ "${1:-}" = -n ]; then PAIRS=$2; shift 2; fi
[ $# -ge 1 ] || { echo "usage: bench/cli-startup.sh [-n PAIRS] BUILD..." >&2; exit 2; }
DIR=${DIR:-/var/tmp/dio-lab-startup}
JAVA=${JAVA_HOME:+$JAVA_HOME/bin/}java
mkdir -p "$DIR"
for b in "$@"; do [ -e "$b" ] || { echo "cli-startup.sh: $b does not exist" >&2; exit 2; }; done

job=(bench --dir "$DIR" --rw read --bs 64k --size 16m --runtime 100ms --no-progress)
once() { # prints "wall cpu" of one run of build $1
  local cmd
  if [[ $1 == *.jar ]]; then cmd=("$JAVA" --enable-native-access=ALL-UNNAMED -cp "$1" org.diolab.cli.CliMain); else cmd=("$1"); fi
  /usr/bin/time -o "$DIR/.time" -f '%e %U %S' "${cmd[@]}" "${job[@]}" > /dev/null 2>&1
  awk '{printf "%.2f %.2f\n", $1, $2 + $3}' "$DIR/.time"
}
stats() { sort -n | awk '{v[NR]=$1} END {m = (NR % 2) ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2;
  printf "%5.2f (%.2f-%.2f)", m, v[1], v[NR]}'; }

echo "# 100 ms bench run, $PAIRS alternating rounds, $(date -u +%Y-%m-%dT%H:%M:%SZ), $(nproc) CPUs," \
  "load average $(cut -d' ' -f1-3 /proc/loadavg)"
declare -A wall cpu
for _ in $(seq "$PAIRS"); do
  for b in "$@"; do
    read -r w c < <(once "$b")
    wall[$b]+="$w"$'\n'
    cpu[$b]+="$c"$'\n'
  done
done
printf '%-40s %-22s %-22s\n' build "wall s: median (min-max)" "CPU s: median (min-max)"
for b in "$@"; do
  printf '%-40s %-22s %-22s\n' "$b" "$(printf '%s' "${wall[$b]}" | stats)" "$(printf '%s' "${cpu[$b]}" | stats)"
done
rm -f "$DIR/.time"
echo "(load average now $(cut -d' ' -f1-3 /proc/loadavg))"
