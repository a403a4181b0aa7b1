#!/usr/bin/env bash
# DIO Lab's live engine against fio on this machine: the four workloads of issue 5 (target: median DIO Lab / fio
# >= 0.97 over >= 5 alternating pairs), one workload that isolates per-I/O software overhead (4 KiB random reads
# served from the page cache, no device involved), and the checksum path's GB/s. It prints numbers and asserts
# nothing: the disk is shared and noisy, read the medians.
#
# Usage: bench/live-vs-fio.sh [SCRATCH_DIR]      (default /var/tmp/dio-lab-bench; on the disk to measure)
# Env:   PAIRS (default 5) alternations per workload, RUNTIME (default 5s) per run,
#        IOMEM (default thp) DIO Lab's buffer pages: thp, or pages (4 KiB, like fio's malloc), JAVA_HOME (JDK 25+).
# Needs fio on the PATH and target/dio-lab.jar (mvn -B -q package -DskipTests).
set -euo pipefail

cd "$(dirname "$0")/.."
DIR=${1:-/var/tmp/dio-lab-bench}
PAIRS=${PAIRS:-5}
RUNTIME=${RUNTIME:-5s}
IOMEM=${IOMEM:-thp}
JAR=target/dio-lab.jar
JAVA=${JAVA_HOME:+$JAVA_HOME/bin/}java

command -v fio >/dev/null || { echo "fio is not on the PATH; install it (apt-get install fio)" >&2; exit 2; }
[ -f "$JAR" ] || { echo "$JAR is missing; build it: mvn -B -q package -DskipTests" >&2; exit 2; }
mkdir -p "$DIR"
mkdir -p target
LOG=target/live-vs-fio.log # the per-workload reports, for the summary below
: > "$LOG"

dl() { "$JAVA" --enable-native-access=ALL-UNNAMED -cp "$JAR" org.diolab.cli.CliMain "$@"; }

echo "# DIO Lab vs fio: $PAIRS alternating pairs per workload, $RUNTIME per run, DIO Lab buffers $IOMEM, in $DIR"
echo "# $(date -u +%Y-%m-%dT%H:%M:%SZ), Linux $(uname -r), $(fio --version), $("$JAVA" -version 2>&1 | head -1)"
echo
echo "## checksum path and copy, one core"
dl calibrate --dir "$DIR" --no-save --no-progress
echo
common=(--dir "$DIR" --runtime "$RUNTIME" --vs-fio "$PAIRS" --iomem "$IOMEM" --no-progress)
run() { dl bench "${common[@]}" "$@" | tee -a "$LOG"; }
run --name seq-write-1m --mode direct --rw write --bs 1m --size 1g
run --name seq-read-1m --mode direct --rw read --bs 1m --size 1g
run --name rand-read-64k-8jobs --mode direct --rw randread --bs 64k --size 256m --numjobs 8
run --name rand-read-4k --mode direct --rw randread --bs 4k --size 1g
run --name overhead-cached-4k --mode buffered --invalidate 0 --rw randread --bs 4k --size 64m
echo
echo "## summary: median DIO Lab / fio (target >= 0.97 for the first four)"
awk '/ vs fio-/{name=$1} /  median:/{sub(/^  median: /, ""); print "  " name ": " $0}' "$LOG"
