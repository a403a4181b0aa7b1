#!/usr/bin/env bash
# Explores every bundled lesson under every policy it offers and prints states, interleavings and time per pair
# (src/test/java/org/diolab/bench/ExploreBenchmark.java), then the CLI's own figure for each lesson's default policy
# as a fresh JVM sees it. Timings are printed, never asserted: this machine is shared and noisy.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${JAVA_HOME:=/usr/lib/jvm/temurin-25-jdk-amd64}"
export JAVA_HOME PATH="$JAVA_HOME/bin:$PATH"

echo "# $(java -version 2>&1 | head -1); $(nproc) CPUs; $(uname -sr)"
echo "## in one JVM (bench/ExploreBenchmark)"
mvn -B -q -Dstyle.color=never test -Dtest=ExploreBenchmark -Dsurefire.failIfNoSpecifiedTests=false 2>/dev/null \
    | sed 's/\x1b\[[0-9;]*m//g' | grep -v -e '^WARNING' -e '^SLF4J' -e '^\[' -e '^$' || true

[ -f target/dio-lab.jar ] || mvn -B -q package -DskipTests >/dev/null
echo "## fresh JVM per run: dio-lab explore <lesson> --format json (engine time; JVM start-up not included)"
for id in $(java -jar target/dio-lab.jar lessons | awk '{print $1}'); do
    java -jar target/dio-lab.jar explore "$id" --format json \
        | tr -d '\n ' | sed -E 's/.*"lesson":"([^"]*)","policy":"([^"]*)","states":([0-9]+),"interleavings":([0-9]+).*"millis":([0-9]+).*/\1 \2 states=\3 interleavings=\4 millis=\5/'
    echo
done
