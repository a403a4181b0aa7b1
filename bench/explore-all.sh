#!/usr/bin/env bash
# Explores every bundled lesson under every policy it offers, without and with partial-order reduction, and prints
# states, time and findings:
#   1. in one JVM (src/test/java/org/diolab/bench/ExploreBenchmark.java): first and median engine ms of each mode,
#      the reduced states, and a check that both modes find the same invariants with equally short schedules;
#   2. one fresh JVM per lesson, policy and mode, as a user runs `dio-lab explore`: engine ms (from the JSON), the
#      wall time of the whole command (JVM start-up, lesson loading, output) and its peak RSS.
# Timings are printed, never asserted: this machine is shared and noisy. Usage: bench/explore-all.sh [--cli-only]
set -euo pipefail
cd "$(dirname "$0")/.."
: "${JAVA_HOME:=/usr/lib/jvm/temurin-25-jdk-amd64}"
export JAVA_HOME PATH="$JAVA_HOME/bin:$PATH"

echo "# $(java -version 2>&1 | head -1); $(nproc) CPUs; $(uname -sr); load $(cut -d' ' -f1-3 /proc/loadavg)"
if [ "${1:-}" != "--cli-only" ]; then
    echo "## in one JVM (bench/ExploreBenchmark): engine ms, first run and median of 5, without and with reduction"
    mvn -B -q -Dstyle.color=never test -Dtest=ExploreBenchmark -Dsurefire.failIfNoSpecifiedTests=false 2>/dev/null \
        | sed 's/\x1b\[[0-9;]*m//g' | grep -v -e '^WARNING' -e '^SLF4J' -e '^\[' -e '^$' || true
fi

[ -f target/dio-lab.jar ] || mvn -B -q package -DskipTests >/dev/null
echo "## fresh JVM per run: dio-lab explore <lesson> --policy <p> --reduction <r> --format json"
printf '%-31s %-24s %-16s %9s %9s %9s %9s\n' lesson policy reduction states "engine ms" "wall ms" "RSS MiB"
for id in $(java -jar target/dio-lab.jar lessons | awk '{print $1}'); do
    # an unknown policy is refused with the list of the lesson's policies
    policies=$(java -jar target/dio-lab.jar explore "$id" --policy '?' 2>&1 >/dev/null | sed -n 's/.*Policies: //p' \
        | tr -d ',' || true)  # the refusal exits 2; only its message is wanted
    for p in $policies; do
        for r in none persistent-sets; do
            t0=$(date +%s%N)
            out=$( { /usr/bin/time -f '%M' java -jar target/dio-lab.jar explore "$id" --policy "$p" --reduction "$r" \
                --format json; } 2>&1 )
            t1=$(date +%s%N)
            rss=$(echo "$out" | tail -1)
            states=$(echo "$out" | grep -m1 '"states"' | tr -dc '0-9')
            millis=$(echo "$out" | grep -m1 '"millis"' | tr -dc '0-9')
            printf '%-31s %-24s %-16s %9s %9s %9s %9s\n' "$id" "$p" "$r" "$states" "$millis" \
                $(( (t1 - t0) / 1000000 )) $(( rss / 1024 ))
        done
    done
done
