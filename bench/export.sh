#!/usr/bin/env bash
# What an export costs per 1920x1080 frame (src/test/java/org/diolab/bench/ExportBenchmark.java), on the graphics
# pipeline it names (headless: the software one, -Dprism.order=sw, as the CLI's export without a display): drawing a
# step's frame; writing the RAID1 lesson's drawn run as a GIF, PNGs and an MP4 (ffmpeg on the PATH) with the app's
# encoders, each beside the JDK writer it replaced in the same run (same load: the before/after of the writers); and
# the whole export as the app and the CLI run it (drawing and encoding in a pipeline), per frame. Medians of 3 runs
# (-Dbench.runs=N) with the runs listed. Printed, never asserted: this machine may be shared and noisy.
# Target: <= 0.15 s a frame.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${JAVA_HOME:=/usr/lib/jvm/temurin-25-jdk-amd64}"
export JAVA_HOME PATH="$JAVA_HOME/bin:$PATH"
echo "# $(java -version 2>&1 | head -1); $(nproc) CPUs; $(uname -sr); load $(cut -d' ' -f1-3 /proc/loadavg)"
mvn -B -q -Dstyle.color=never test -Dtest=ExportBenchmark -Dsurefire.failIfNoSpecifiedTests=false "$@" 2>/dev/null \
    | sed 's/\x1b\[[0-9;]*m//g' | grep -e '^#' -e '^export' || {
        echo "export.sh: the benchmark did not run; see target/surefire-reports/*ExportBenchmark*" >&2; exit 1; }
