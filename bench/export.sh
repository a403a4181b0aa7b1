#!/usr/bin/env bash
# What an export costs per 1920x1080 frame (src/test/java/org/diolab/bench/ExportBenchmark.java): drawing a step's
# frame, then writing the RAID1 lesson's run as a GIF and as PNGs, per frame; medians of 3 runs (-Dbench.runs=N).
# Printed, never asserted: this machine may be shared and noisy. Target: draw + write <= 0.15 s a frame.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${JAVA_HOME:=/usr/lib/jvm/temurin-25-jdk-amd64}"
export JAVA_HOME PATH="$JAVA_HOME/bin:$PATH"
echo "# $(java -version 2>&1 | head -1); $(nproc) CPUs; $(uname -sr); load $(cut -d' ' -f1-3 /proc/loadavg)"
mvn -B -q -Dstyle.color=never test -Dtest=ExportBenchmark -Dsurefire.failIfNoSpecifiedTests=false "$@" 2>/dev/null \
    | sed 's/\x1b\[[0-9;]*m//g' | grep -e '^#' -e '^export' || {
        echo "export.sh: the benchmark did not run; see target/surefire-reports/*ExportBenchmark*" >&2; exit 1; }
