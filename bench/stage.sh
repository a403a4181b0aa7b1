#!/usr/bin/env bash
# The stage's cost (src/test/java/org/diolab/bench/StageBenchmark.java), on the graphics pipeline it names (the
# software one, -Dprism.order=sw, as the tests and headless exports use it; a desktop with a GPU draws on the
# hardware one, which this does not measure): frames per second of the RAID1 lesson's DMA transition (every frame
# fully rendered at 1920x1080), and the time to lay out and draw one step of a generated lesson with 1,024 pages
# (target < 16 ms). Medians of 7 runs (-Dbench.runs=N) with their spread, printed and never asserted: this machine is
# shared and noisy. Each figure twice: wall time, and the CPU time of the FX and render threads (what a frame costs
# in work, which other processes disturb far less). Steps: median and p90 per step; the camera (which frames each
# step's region) glides during the transition, so its move's fps is the transition's.
# Then the figure a user sees, beside the snapshot's: bench/stage-window.sh steps the RAID1 lesson in a real X window
# (Xvfb + openbox; presenter mode and the normal window; its lines start with "window"; WINDOW=off leaves it out, and
# it is skipped where Xvfb, openbox or xdotool is missing).
set -euo pipefail
cd "$(dirname "$0")/.."
: "${JAVA_HOME:=/usr/lib/jvm/temurin-25-jdk-amd64}"
export JAVA_HOME PATH="$JAVA_HOME/bin:$PATH"
echo "# $(java -version 2>&1 | head -1); $(nproc) CPUs; $(uname -sr); load $(cut -d' ' -f1-3 /proc/loadavg)"
mvn -B -q -Dstyle.color=never test -Dtest=StageBenchmark -Dsurefire.failIfNoSpecifiedTests=false "$@" 2>/dev/null \
    | sed 's/\x1b\[[0-9;]*m//g' | grep -e '^#' -e '^transition' -e '^camera' -e '^step' || {
        echo "stage.sh: the benchmark did not run; see target/surefire-reports/*StageBenchmark*" >&2; exit 1; }
if [ "${WINDOW:-on}" != off ] && command -v Xvfb >/dev/null && command -v openbox >/dev/null \
    && command -v xdotool >/dev/null; then
    bench/stage-window.sh | grep -e '^window' -e '^# window'
fi
