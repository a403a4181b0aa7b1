#!/usr/bin/env bash
# Everything the explorer answers (states, interleavings, completion, every violation with its schedule and detail,
# every deadlock) for every shipped lesson under every policy it offers, random scenarios with and without a twin
# thread, scale points and issue 24's fixture, with each reduction: src/test/java/org/diolab/engine/explore/
# ExploreFingerprints.java. A change meant to make the explorer faster without changing what it finds leaves the
# output byte for byte the same: run it on both builds and diff. Usage: bench/explore-fingerprints.sh [RANDOM_SEEDS]
set -euo pipefail
cd "$(dirname "$0")/.."
: "${JAVA_HOME:=/usr/lib/jvm/temurin-25-jdk-amd64}"
export JAVA_HOME PATH="$JAVA_HOME/bin:$PATH"
mvn -B -q test-compile >/dev/null
mvn -B -q dependency:build-classpath -Dmdep.outputFile=target/bench-classpath.txt >/dev/null
java -cp "target/test-classes:target/classes:$(cat target/bench-classpath.txt)" \
    org.diolab.engine.explore.ExploreFingerprints "${1:-200}"
