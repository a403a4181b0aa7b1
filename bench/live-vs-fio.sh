#!/usr/bin/env bash
# DIO Lab's live engine against fio on this machine, like for like: the same files, the same memory kind on both
# sides (hugetlb 2 MiB pages: DIO Lab --iomem hugetlb vs fio iomem=mmaphuge; 4 KiB pages: DIO Lab --iomem pages vs
# fio iomem=malloc), the same buffer contents policy (fio scramble_buffers=0: DIO Lab writes its buffer as is), the
# same thread model (fio --thread) and the same engine, queue depth and batching (psync at depth 1; the qd- jobs
# io_uring or libaio at their iodepth, fio's engine of the same name). Each job runs PAIRS alternating pairs (fio first in
# odd pairs; an even number, because here the second run of a pair tends to be faster, caches warmed by the first)
# after one untimed warm-up of each tool; the headline is the median of the pairs' DIO Lab / fio
# bandwidth ratios (target >= 0.97), with the spread, and both tools' CPU seconds per GiB (whole process, getrusage).
# It prints numbers and asserts nothing: the disk and the 2 CPUs are shared, read the medians and the spread.
#
# Usage: bench/live-vs-fio.sh [SCRATCH_DIR]      (default /var/tmp/dio-lab-bench; on the disk to measure)
# Env:   PAIRS (default 6), RUNTIME (default 5s), KINDS (default "hugetlb pages"), JOBS (default: all; names in bench/live-jobs.sh,
#        space separated), JAVA_HOME (JDK 25+), CP (class path; default the jar).
# Huge pages: fio takes them from the hugetlb pool, so the script reserves enough (as root) and puts the previous
# /proc/sys/vm/nr_hugepages back when it ends; without root the hugetlb comparisons are skipped, saying so.
# Needs fio on the PATH and target/dio-lab.jar (mvn -B -q package -DskipTests), or CP=target/classes:DEPENDENCIES.
set -euo pipefail

cd "$(dirname "$0")/.."
DIR=${1:-/var/tmp/dio-lab-bench}
PAIRS=${PAIRS:-6}
RUNTIME=${RUNTIME:-5s}
KINDS=${KINDS:-hugetlb pages}
JAR=target/dio-lab.jar
JAVA=${JAVA_HOME:+$JAVA_HOME/bin/}java
NR=/proc/sys/vm/nr_hugepages

command -v fio >/dev/null || { echo "fio is not on the PATH; install it (apt-get install fio)" >&2; exit 2; }
CP=${CP:-$JAR}
[ "$CP" != "$JAR" ] || [ -f "$JAR" ] || { echo "$JAR is missing; build it: mvn -B -q package -DskipTests" >&2; exit 2; }
mkdir -p "$DIR" target
LOG=target/live-vs-fio.log # the per-job reports, for the summary below
: > "$LOG"

source bench/live-jobs.sh
ALL_JOBS=("${LIVE_JOBS[@]}")
JOBS=${JOBS:-$(printf '%s\n' "${ALL_JOBS[@]}" | cut -d'|' -f1 | tr '\n' ' ')}

restore_hugepages=""
cleanup() {
  if [ -n "$restore_hugepages" ]; then
    echo "$restore_hugepages" > "$NR" && echo "# nr_hugepages put back to $restore_hugepages"
  fi
}
trap cleanup EXIT

if [[ " $KINDS " == *" hugetlb "* ]]; then
  need=64 # 2 MiB pages: the largest job takes 8 (8 threads x one 64 KiB buffer; or 2 threads x 16 x 16k), fio 1 per thread
  before=$(cat "$NR")
  free=$(awk '/HugePages_Free/{print $2}' /proc/meminfo)
  if [ "$free" -lt "$need" ]; then
    if [ -w "$NR" ] && echo $((before + need - free)) > "$NR" 2>/dev/null \
        && [ "$(awk '/HugePages_Free/{print $2}' /proc/meminfo)" -ge "$need" ]; then
      restore_hugepages=$before
      echo "# reserved hugetlb pages: nr_hugepages $before -> $(cat "$NR") (put back at the end)"
    else
      [ -w "$NR" ] && echo "$before" > "$NR" 2>/dev/null || true
      echo "# cannot reserve $need hugetlb pages (needs root and free memory): hugetlb comparisons skipped" >&2
      KINDS=${KINDS//hugetlb/}
    fi
  fi
fi

dl() { "$JAVA" --enable-native-access=ALL-UNNAMED -cp "$CP" org.diolab.cli.CliMain "$@"; }

echo "# DIO Lab vs fio, like for like: $PAIRS alternating pairs per job, $RUNTIME per run, memory: $KINDS, in $DIR"
echo "# $(date -u +%Y-%m-%dT%H:%M:%SZ), Linux $(uname -r), $(fio --version), $("$JAVA" -version 2>&1 | head -1)," \
  "$(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo
for kind in $KINDS; do
  for entry in "${ALL_JOBS[@]}"; do
    name=${entry%%|*}
    opts=${entry#*|}
    [[ " $JOBS " == *" $name "* ]] || continue
    # shellcheck disable=SC2086
    dl bench --dir "$DIR" --name "$name" --mode direct --runtime "$RUNTIME" --iomem "$kind" --vs-fio "$PAIRS" \
      --no-progress $opts | tee -a "$LOG"
  done
done
echo
echo "## summary: median DIO Lab / fio bandwidth ratio (target >= 0.97), spread of the pairs, CPU s/GiB"
printf '%-32s %-8s %7s %15s %11s %11s\n' job memory ratio "pairs min-max" "DIO Lab CPU" "fio CPU"
awk '
  / vs fio-/ { name = $1; kind = ($0 ~ /4 KiB pages both/) ? "4k" : "hugetlb" }
  /  median:/ {
    match($0, /ratio [0-9.]+ \(pairs [0-9.]+ to [0-9.]+\)/); r = substr($0, RSTART, RLENGTH)
    split(r, a, /[ ()]+/)
    match($0, /CPU s\/GiB: DIO Lab [0-9.]+, fio [0-9.]+/); c = substr($0, RSTART, RLENGTH)
    split(c, b, /[ ,]+/)
    printf "%-32s %-8s %7s %7s-%-7s %11s %11s\n", name, kind, a[2], a[4], a[6], b[5], b[7]
  }' "$LOG"
echo "(log of every pair: $LOG; load average now $(cut -d' ' -f1-3 /proc/loadavg))"
