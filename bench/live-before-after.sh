#!/usr/bin/env bash
# Two builds of DIO Lab on the same jobs, alternating, from the shell's point of view: per job and build, RUNS runs of
# `bench --runtime 5s` in a fresh session (files laid out, measured, removed), printing the median bandwidth, the
# median wall time of the whole command and the median CPU seconds per GiB moved (user + system of the whole process,
# start-up and layout included, over the bytes the 5 s measured). The builds alternate run by run, so both see the
# same load; it prints the load average, asserts nothing.
#
# Usage: bench/live-before-after.sh BEFORE.jar AFTER.jar [SCRATCH_DIR]   (default /var/tmp/dio-lab-before-after)
# Env:   RUNS (default 2), RUNTIME (default 5s), JOBS (names in bench/live-jobs.sh; default the six of issue 13),
#        JAVA_HOME (JDK 25+). Build a jar of another commit with: git worktree add /tmp/b <commit> &&
#        (cd /tmp/b && mvn -B -q package -DskipTests).
set -euo pipefail

cd "$(dirname "$0")/.."
[ $# -ge 2 ] || { echo "usage: $0 BEFORE.jar AFTER.jar [SCRATCH_DIR]" >&2; exit 2; }
BEFORE=$1 AFTER=$2 DIR=${3:-/var/tmp/dio-lab-before-after}
RUNS=${RUNS:-2}
RUNTIME=${RUNTIME:-5s}
JAVA=${JAVA_HOME:+$JAVA_HOME/bin/}java
for j in "$BEFORE" "$AFTER"; do [ -f "$j" ] || { echo "$j is missing" >&2; exit 2; }; done
mkdir -p "$DIR"
source bench/live-jobs.sh
JOBS=${JOBS:-$(printf '%s\n' "${LIVE_JOBS[@]:0:6}" | cut -d'|' -f1 | tr '\n' ' ')}
secs=${RUNTIME%s}

# one run: prints "MiB/s wall cpu"
one() {
  local jar=$1 name=$2; shift 2
  local t0 t1 out
  t0=$(date +%s.%N)
  out=$( { /usr/bin/time -f 'CPU %U %S' "$JAVA" --enable-native-access=ALL-UNNAMED -jar "$jar" bench --dir "$DIR" \
      --name "$name" --runtime "$RUNTIME" --no-progress "$@" ; } 2>&1 )
  t1=$(date +%s.%N)
  local bw cpu
  # read and write bandwidths summed (randrw), in MiB/s whatever unit fio's format chose
  bw=$(grep -oE '(read|write): IOPS=[^,]+, BW=[0-9.]+[KMG]iB/s' <<< "$out" | sed -E 's/.*BW=//' \
    | awk '/KiB/ {s += $1 / 1024} /MiB/ {s += $1} /GiB/ {s += $1 * 1024} END {print s + 0}')
  cpu=$(awk '/^CPU /{print $2 + $3}' <<< "$out")
  awk -v b="${bw:-0}" -v a="$t0" -v z="$t1" -v c="${cpu:-0}" 'BEGIN {printf "%s %.2f %.2f\n", b, z - a, c}'
}
med() { sort -n | awk '{v[NR]=$1} END {m = (NR % 2) ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2; printf "%.2f (%.2f-%.2f)", m, v[1], v[NR]}'; }

echo "# before: $BEFORE; after: $AFTER; $RUNS runs each, alternating, $RUNTIME per run, in $DIR"
echo "# $(date -u +%Y-%m-%dT%H:%M:%SZ), Linux $(uname -r), $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-20s %-7s %-24s %-22s %-22s\n' job build "MiB/s median (min-max)" "wall s median (min-max)" "CPU s/GiB median"
for entry in "${LIVE_JOBS[@]}"; do
  name=${entry%%|*}
  [[ " $JOBS " == *" $name "* ]] || continue
  read -r -a opts <<< "${entry#*|}"
  b=(); a=()
  for i in $(seq "$RUNS"); do
    if (( i % 2 )); then b+=("$(one "$BEFORE" "$name" "${opts[@]}")"); a+=("$(one "$AFTER" "$name" "${opts[@]}")")
    else a+=("$(one "$AFTER" "$name" "${opts[@]}")"); b+=("$(one "$BEFORE" "$name" "${opts[@]}")"); fi
  done
  for which in before after; do
    if [ $which = before ]; then rows=("${b[@]}"); else rows=("${a[@]}"); fi
    printf '%s\n' "${rows[@]}" > "$DIR/.rows"
    printf '%-20s %-7s %-24s %-22s %-22s\n' "$name" $which "$(cut -d' ' -f1 "$DIR/.rows" | med)" \
      "$(cut -d' ' -f2 "$DIR/.rows" | med)" \
      "$(awk -v s="$secs" '$1 > 0 {print $3 / ($1 * s / 1024)}' "$DIR/.rows" | med)"
  done
done
rm -f "$DIR/.rows"
echo "# load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
