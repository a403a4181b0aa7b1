#!/usr/bin/env bash
# The explorer's scale curve: states, time and memory as actors, pages and legs grow, without and with partial-order
# reduction. Each point runs in a fresh JVM (src/test/java/org/diolab/bench/ExploreScale.java on the RAID1 lesson's
# race grown: one writer, one mutator and N readers; L legs; P pages per I/O), so "ms" is a cold run as the CLI sees
# it and "RSS" the peak resident memory of that JVM. "heap/state" is the live heap after a full GC divided by the
# states held then (a separate run, since the GCs cost time). Then warm states/s: 5 runs in one JVM. First: issue 24's
# scenario (the fixture src/test/resources/explore/raid1-three-legs-dontcache.yaml: three legs, three readers, an
# 8 KiB write and a store, under DONTCACHE) searched plainly breadth-first (reduction none, every state of the same
# graph), with persistent sets, and with persistent sets and symmetry (the default); then the fixture as `dio-lab
# explore` through the packaged launcher, on its AOT cache and without (when target/dio-lab was built).
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
printf '%6s %7s %4s %5s %-24s %10s %8s %8s %8s %10s\n' actors readers legs pages reduction states ms cpu-ms \
    "RSS MiB" heap/state
point() { # readers legs pages reduction [policy]   (readers "three-legs": the fixture; legs and pages ignored)
    local max=2000000
    [ "$4" = none ] && max=$MAX_NONE
    local policy=${5:-zero-copy} out rss heap
    local what=("$1" "$2" "$3")
    [ "$1" = three-legs ] && what=(three-legs)
    out=$( { /usr/bin/time -f '%M' java -Dreduction="$4" -cp "$CP" org.diolab.bench.ExploreScale "${what[@]}" \
        "$policy" "$max"; } 2>&1 )
    rss=$(echo "$out" | tail -1)
    line=$(echo "$out" | grep '^actors=')
    states=$(echo "$line" | sed -E 's/.* states=([0-9]+).*/\1/')
    heap="-"
    if [ "$states" -ge 10000 ]; then
        heap=$(java -Dheap=true -Dreduction="$4" -cp "$CP" org.diolab.bench.ExploreScale "${what[@]}" "$policy" \
            "$max" | sed -nE 's/.*heapPerState=([0-9]+B).*/\1/p')
    fi
    complete=$(echo "$line" | sed -E 's/.* complete=([a-z]+).*/\1/')
    [ "$complete" = true ] || states=">=$states"
    local actors readers=$1 legs=$2 pages=$3
    if [ "$1" = three-legs ]; then readers=3; legs=3; pages=2; fi
    actors=$((2 + readers))
    printf '%6s %7s %4s %5s %-24s %10s %8s %8s %8s %10s\n' "$actors" "$readers" "$legs" "$pages" "$4" "$states" \
        "$(echo "$line" | sed -E 's/.* ms=([0-9]+).*/\1/')" "$(echo "$line" | sed -E 's/.* cpuMs=([0-9]+).*/\1/')" \
        $((rss / 1024)) "$heap"
}
REDUCTIONS="none persistent-sets persistent-sets+symmetry"
echo "## issue 24's scenario: three legs, three readers, 8 KiB write + store, dontcache (target: < 2 s, < 400 MiB)"
for red in $REDUCTIONS; do point three-legs - - "$red" dontcache; done
# Cold CPU counts the interpreter and the first compiled code while the JIT's threads compile: on a loaded machine
# they get little CPU and the cold figure swells, so the warm runs (the same search again in one JVM) say what a state
# costs once compiled.
echo "three-legs warm, persistent-sets+symmetry: $(java -Drepeat=3 -Dreduction=persistent-sets+symmetry -cp "$CP" \
    org.diolab.bench.ExploreScale three-legs dontcache | grep '^run' | tr '\n' ' ')"
# Peak RSS is mostly the JVM's default initial heap (1/64 of the RAM: ~377 MiB on 24 GiB), which G1 fills before
# its first collection; the same search started with a small initial heap shows what the search itself needs.
small_heap() { # java options...
    local out
    out=$( { /usr/bin/time -f 'rss=%M' java "$@" -Dreduction=persistent-sets+symmetry -cp "$CP" \
        org.diolab.bench.ExploreScale three-legs dontcache; } 2>&1 )
    echo "three-legs $*: $(echo "$out" | grep -oE 'states=[0-9]+|ms=[0-9]+|cpuMs=[0-9]+' | tr '\n' ' ')RSS $(( \
        $(echo "$out" | sed -nE 's/^rss=([0-9]+)$/\1/p') / 1024 )) MiB"
}
small_heap -XX:InitialHeapSize=64m
small_heap -XX:InitialHeapSize=64m -XX:+UseSerialGC
# As a user runs it: `dio-lab explore` of the fixture through the packaged launcher (mvn package), a fresh JVM each, on
# the app's AOT cache (what the launcher uses) and on none (DIO_LAB_AOT=off), alternately. "engine ms" is the search
# alone (the JSON's millis), "wall" and "cpu" (user + system, every thread: JIT and GC included) the whole command.
launcher_rows() {
    local bin=target/dio-lab/bin/dio-lab lessons=target/explore-fixture round aot out
    [ -x "$bin" ] || { echo "(no packaged launcher: mvn -B package -DskipTests for the launcher rows)"; return; }
    mkdir -p "$lessons/sources"
    cp src/test/resources/explore/raid1-three-legs-dontcache.yaml "$lessons/"
    cp lessons/sources/003_cf655875e5a3f591.txt "$lessons/sources/"
    for round in $(seq "${LAUNCHER_ROUNDS:-3}"); do
        for aot in use off; do
            out=$( { /usr/bin/time -f 'time %e %U %S %M' env DIO_LAB_AOT=$aot "$bin" explore \
                raid1-three-legs-dontcache --lessons "$lessons" --policy dontcache --format json; } 2>&1 || true)
            echo "$out" | awk -v aot="$aot" -v load="$(cut -d' ' -f1 /proc/loadavg)" '
                /"states"/ { gsub(/[^0-9]/, "", $0); states = $0 }
                /"millis"/ { gsub(/[^0-9]/, "", $0); ms = $0 }
                /^time / { printf "three-legs launcher DIO_LAB_AOT=%s: states=%s engine ms=%s wall ms=%d cpu ms=%d" \
                    " RSS %d MiB (load after: %s)\n", aot, states, ms, $2 * 1000, ($3 + $4) * 1000, $5 / 1024, load }'
        done
    done
}
launcher_rows
echo "## actors: 1 writer, 1 mutator, N readers; 2 legs, 1 page"
for r in 0 1 2 3 4 5; do for red in $REDUCTIONS; do point "$r" 2 1 "$red"; done; done
echo "## legs: 2 readers, 1 page"
for l in 1 3 4; do for red in $REDUCTIONS; do point 2 "$l" 1 "$red"; done; done
echo "## pages per I/O: 2 readers, 2 legs"
for p in 2 3; do for red in $REDUCTIONS; do point 2 2 "$p" "$red"; done; done
echo "## warm: 5 explorations in one JVM (the last is warm), 3 readers (5 actors) and 4 readers (6 actors)"
for r in 3 4; do
    for red in $REDUCTIONS; do
        echo "readers=$r reduction=$red: $(java -Drepeat=5 -Dreduction="$red" -cp "$CP" org.diolab.bench.ExploreScale \
            "$r" 2 1 zero-copy | grep '^run' | tr '\n' ' ')"
    done
done
