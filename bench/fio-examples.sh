#!/usr/bin/env bash
# Runs every fio job file in a directory (fio's own examples/, from a checkout of fio's source) through
# `dio-lab bench FILE --runtime R --size S`, and sorts them into the files that ran and those refused, with the
# one-line reason (the option named). The files are fio's and are not part of DIO Lab; nothing is measured for its
# numbers here: each job runs briefly, in a scratch directory of its own that must be left empty. fio's examples name
# some files /tmp/...: bench's --place-in-dir puts those inside the scratch directory (PLACE_IN_DIR=0 leaves them
# refused); the list marks the files that ran only because of it.
#
# Usage: bench/fio-examples.sh FIO_EXAMPLES_DIR [SCRATCH_DIR]   (default scratch /var/tmp/dio-lab-fio-examples)
# Env:   RUNTIME (default 1s), SIZE (default 16m), PLACE_IN_DIR (default 1), JAVA_HOME (JDK 25+), CP (class path;
#        default the jar).
# Needs target/dio-lab.jar (mvn -B -q package -DskipTests), or CP=target/classes:DEPENDENCIES.
set -euo pipefail

cd "$(dirname "$0")/.."
EXAMPLES=${1:?usage: bench/fio-examples.sh FIO_EXAMPLES_DIR [SCRATCH_DIR]}
DIR=${2:-/var/tmp/dio-lab-fio-examples}
RUNTIME=${RUNTIME:-1s}
SIZE=${SIZE:-16m}
PLACE=()
[ "${PLACE_IN_DIR:-1}" = 0 ] || PLACE=(--place-in-dir)
JAR=target/dio-lab.jar
CP=${CP:-$JAR}
JAVA=${JAVA_HOME:+$JAVA_HOME/bin/}java
[ "$CP" != "$JAR" ] || [ -f "$JAR" ] || { echo "$JAR is missing; build it: mvn -B -q package -DskipTests" >&2; exit 2; }
[ -d "$EXAMPLES" ] || { echo "$EXAMPLES is not a directory of fio job files" >&2; exit 2; }
mkdir -p "$DIR" target
OUT=target/fio-examples.txt
: > "$OUT"

ran=0
placed=0
refused=0
failed=0
for f in "$EXAMPLES"/*.fio; do
  name=$(basename "$f")
  rc=0
  # sprandom.fio's header runs it as "env FIO_BS=4096 fio ...": the same here (an environment that sets it wins)
  msg=$(FIO_BS=${FIO_BS:-4096} "$JAVA" --enable-native-access=ALL-UNNAMED -cp "$CP" org.diolab.cli.CliMain bench \
    "$f" --dir "$DIR" \
    --runtime "$RUNTIME" --size "$SIZE" "${PLACE[@]}" --no-progress 2>&1 >/dev/null) || rc=$?
  reason=$(printf '%s\n' "$msg" | grep -v '^WARNING' | { grep -v '^dio-lab: placed ' || true; } | head -1)
  where=""
  if printf '%s\n' "$msg" | grep -q '^dio-lab: placed '; then
    where=" (--place-in-dir: $(printf '%s\n' "$msg" | grep '^dio-lab: placed ' | sed -E 's/^dio-lab: placed ([^ ]+) .*/\1/' \
      | paste -sd, -))"
  fi
  case $rc in
    0) echo "ran      $name$where" >> "$OUT"; ran=$((ran + 1)); [ -z "$where" ] || placed=$((placed + 1)) ;;
    2) echo "refused  $name: ${reason#dio-lab: }" >> "$OUT"; refused=$((refused + 1)) ;; # bench's exit code 2
    *) echo "FAILED   $name (exit $rc): ${reason#dio-lab: }" >> "$OUT"; failed=$((failed + 1)) ;;
  esac
  if [ -n "$(ls -A "$DIR")" ]; then
    echo "files left in $DIR after $name:" >&2
    ls -A "$DIR" >&2
    exit 1
  fi
done
sort "$OUT"
echo
echo "# $ran ran ($placed of them with an absolute filename placed inside the scratch directory by --place-in-dir)," \
  "$refused refused, $failed failed (runtime $RUNTIME, size $SIZE; list: $OUT)"
echo "# refusals by what was refused:"
grep '^refused' "$OUT" | sed -E "s/^refused +[^:]+: [^ ]+( \[[^]]*\])?:? //" \
  | sed -E "s/^option '([a-z_0-9]+)'.*/\\1/; s/^ioengine .*/ioengine (not psync, sync, pvsync, pvsync2, libaio, io_uring)/" \
  | sed -E "s/^(filename|filename_format|directory)=.*/\\1 (device, absolute path or expansion)/" \
  | sed -E 's/^\$\{([A-Za-z_0-9]+)\} is not set.*/an environment name (${\1}) not set/' | cut -c1-70 \
  | sort | uniq -c | sort -rn || true
[ "$failed" -eq 0 ]
