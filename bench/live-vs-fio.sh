#!/usr/bin/env bash
# DIO Lab live engine vs fio on this machine: the four workloads issue 5 holds to a >= 0.97 median ratio, plus the
# checksum path's GB/s. Prints numbers; asserts nothing (the disk is shared and noisy: read the medians).
#
# Usage: bench/live-vs-fio.sh [SCRATCH_DIR]      (default /var/tmp/dio-lab-bench; must be on the disk to measure)
# Env:   PAIRS (default 5) alternations per workload, RUNTIME (default 5s) per run, JAVA_HOME (JDK 25+).
# Needs fio on the PATH and target/dio-lab.jar (built with: mvn -B -q package -DskipTests).
set -euo pipefail

cd "$(dirname "$0")/.."
DIR=${1:-/var/tmp/dio-lab-bench}
PAIRS=${PAIRS:-5}
RUNTIME=${RUNTIME:-5s}
JAR=target/dio-lab.jar
JAVA=${JAVA_HOME:+$JAVA_HOME/bin/}java

command -v fio >/dev/null || { echo "fio is not on the PATH; install it (apt-get install fio)" >&2; exit 2; }
[ -f "$JAR" ] || { echo "$JAR is missing; build it: mvn -B -q package -DskipTests" >&2; exit 2; }
mkdir -p "$DIR"

dl() { "$JAVA" --enable-native-access=ALL-UNNAMED -cp "$JAR" org.diolab.cli.CliMain "$@"; }

echo "# DIO Lab vs fio, $PAIRS alternating pairs per workload, runtime $RUNTIME each, scratch $DIR"
echo "# $(date -u +%Y-%m-%dT%H:%M:%SZ) $(uname -r) $(fio --version) $("$JAVA" -version 2>&1 | head -1)"
echo
echo "## checksum path and copy (one core)"
dl calibrate --dir "$DIR" --no-save --no-progress
echo
common=(--dir "$DIR" --mode direct --runtime "$RUNTIME" --vs-fio "$PAIRS" --no-progress)
dl bench "${common[@]}" --name seq-write-1m --rw write --bs 1m --size 1g | tee /tmp/dio-lab-bench.$$
dl bench "${common[@]}" --name seq-read-1m --rw read --bs 1m --size 1g | tee -a /tmp/dio-lab-bench.$$
dl bench "${common[@]}" --name rand-read-64k-8jobs --rw randread --bs 64k --size 256m --numjobs 8 \
    | tee -a /tmp/dio-lab-bench.$$
dl bench "${common[@]}" --name rand-read-4k --rw randread --bs 4k --size 1g | tee -a /tmp/dio-lab-bench.$$
echo
echo "## summary: median DIO Lab / fio (target >= 0.97)"
awk '/ vs fio-/{name=$1} /  median:/{print "  " name ": " $0}' /tmp/dio-lab-bench.$$ | sed 's/  median: //'
rm -f /tmp/dio-lab-bench.$$
