#!/usr/bin/env bash
# The explorer's scale curve: states, time and memory as actors, pages and legs grow, without and with partial-order
# reduction. Each point runs in a fresh JVM (src/test/java/org/diolab/bench/ExploreScale.java on the RAID1 lesson's
# race grown: one writer, one mutator and N readers; L legs; P pages per I/O), so "ms" is a cold run as the CLI sees
# it and "RSS" the peak resident memory of that JVM. "heap/state" is the live heap after a full GC divided by the
# states held then (a separate run, since the GCs cost time). Then warm states/s: 5 runs in one JVM.
# Timings are printed, never asserted. Usage: bench/explore-scale.sh [MAX_STATES_WITHOUT_REDUCTION]
set -euo pipefail
cd "$(dirname "$0")/.."
: "${JAVA_HOME:=/usr/lib/jvm/temurin-25-jdk-amd64}"
export JAVA_HOME PATH="$JAVA_HOME/bin:$PATH"
MAX_NONE=${1:-1000000}

mvn -B -q test-compile >/dev/null
mvn -B -q dependency:build-classpath -Dmdep.outputFile=target/bench-classpath.txt >/dev/null
CP="target/test-classes:target/classes:$(cat target/bench-classpath.txt)"

echo "# $(java -version 2>&1 | head -1); $(nproc) CPUs; $(uname -sr); load $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%6s %7s %4s %5s %-16s %10s %8s %8s %8s %10s\n' actors readers legs pages reduction states ms cpu-ms \
    "RSS MiB" heap/state
point() { # readers legs pages reduction
    local max=2000000
    [ "$4" = none ] && max=$MAX_NONE
    local out rss heap
    out=$( { /usr/bin/time -f '%M' java -Dreduction="$4" -cp "$CP" org.diolab.bench.ExploreScale "$1" "$2" "$3" \
        zero-copy "$max"; } 2>&1 )
    rss=$(echo "$out" | tail -1)
    line=$(echo "$out" | grep '^actors=')
    states=$(echo "$line" | sed -E 's/.* states=([0-9]+).*/\1/')
    heap="-"
    if [ "$states" -ge 10000 ]; then
        heap=$(java -Dheap=true -Dreduction="$4" -cp "$CP" org.diolab.bench.ExploreScale "$1" "$2" "$3" zero-copy \
            "$max" | sed -nE 's/.*heapPerState=([0-9]+B).*/\1/p')
    fi
    complete=$(echo "$line" | sed -E 's/.* complete=([a-z]+).*/\1/')
    [ "$complete" = true ] || states=">=$states"
    printf '%6s %7s %4s %5s %-16s %10s %8s %8s %8s %10s\n' $((2 + $1)) "$1" "$2" "$3" "$4" "$states" \
        "$(echo "$line" | sed -E 's/.* ms=([0-9]+).*/\1/')" "$(echo "$line" | sed -E 's/.* cpuMs=([0-9]+).*/\1/')" \
        $((rss / 1024)) "$heap"
}
echo "## actors: 1 writer, 1 mutator, N readers; 2 legs, 1 page"
for r in 0 1 2 3 4 5; do for red in none persistent-sets; do point "$r" 2 1 "$red"; done; done
echo "## legs: 2 readers, 1 page"
for l in 1 3 4; do for red in none persistent-sets; do point 2 "$l" 1 "$red"; done; done
echo "## pages per I/O: 2 readers, 2 legs"
for p in 2 3; do for red in none persistent-sets; do point 2 2 "$p" "$red"; done; done
echo "## warm: 5 explorations in one JVM (the last is warm), 3 readers (5 actors) and 4 readers (6 actors)"
for r in 3 4; do
    for red in none persistent-sets; do
        echo "readers=$r reduction=$red: $(java -Drepeat=5 -Dreduction="$red" -cp "$CP" org.diolab.bench.ExploreScale \
            "$r" 2 1 zero-copy | grep '^run' | tr '\n' ' ')"
    done
done
