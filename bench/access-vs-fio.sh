#!/usr/bin/env bash
# Shows that DIO Lab's bssplit and random_distribution issue what fio's do: for each workload, fio runs it with
# --write_iolog (every I/O's offset and length) and DIO Lab runs it with --format json (its "access" block: I/Os per
# size and the hit profile); both are summed up the same way, side by side: the share of each block size, and the
# share of the I/Os the hottest 1/5/10/25/50 % of the file's 4 KiB blocks took, and the blocks never hit. Then one
# --vs-fio pair per workload gives the bandwidth ratio (DIO Lab / fio), which says nothing about the pattern and much
# about the load: print it with the load average.
#
# Usage: bench/access-vs-fio.sh [SCRATCH_DIR]   (default /var/tmp/dio-lab-access)
# The pattern runs are LOOPS passes over the file (the same number of I/Os under both tools: a hit profile depends on
# it); the ratio runs are time based (RUNTIME).
# Env:   RUNTIME (default 5s), SIZE (default 256m), LOOPS (default 2), PAIRS (default 1), JAVA_HOME (JDK 25+),
#        CP (class path; default the jar).
set -euo pipefail

cd "$(dirname "$0")/.."
DIR=${1:-/var/tmp/dio-lab-access}
RUNTIME=${RUNTIME:-5s}
SIZE=${SIZE:-256m}
PAIRS=${PAIRS:-1}
LOOPS=${LOOPS:-2}
JAR=target/dio-lab.jar
CP=${CP:-$JAR}
JAVA=${JAVA_HOME:+$JAVA_HOME/bin/}java
command -v fio >/dev/null || { echo "fio is not on the PATH" >&2; exit 2; }
command -v jq >/dev/null || { echo "jq is not on the PATH (apt-get install jq)" >&2; exit 2; }
[ "$CP" != "$JAR" ] || [ -f "$JAR" ] || { echo "$JAR is missing; build it: mvn -B -q package -DskipTests" >&2; exit 2; }
mkdir -p "$DIR"

# name | options both tools take (fio's spelling; bench's is the same with --)
WORKLOADS=(
  "zipf-bssplit|rw=randread bssplit=4k/60:16k/30:64k/10 random_distribution=zipf:1.2 ioengine=libaio iodepth=8"
  "pareto|rw=randread bs=4k random_distribution=pareto:0.9 ioengine=psync"
  "zoned|rw=randread bs=4k random_distribution=zoned:50/5:30/15:20/ ioengine=psync"
  "normal|rw=randread bs=4k random_distribution=normal:10 ioengine=psync"
)

dl() { "$JAVA" --enable-native-access=ALL-UNNAMED -cp "$CP" org.diolab.cli.CliMain bench "$@"; }

# reads "offset length" lines; prints the size mix and the hit profile over CELLS 4 KiB cells
profile() {
  awk -v cells="$1" -v hits="$DIR/hits.txt" '
    { n++; size[$2]++; hit[int($1 / 4096)]++ }
    END {
      printf "  sizes:"; for (s in size) printf " %dk %.1f%%", s / 1024, 100 * size[s] / n; printf "\n"
      printf "  ios %d, cells %d\n", n, cells
      for (c in hit) print hit[c] > hits
    }'
  sort -rn "$DIR/hits.txt" | awk -v cells="$1" '
    { v[NR] = $1; t += $1 }
    END {
      split("1 5 10 25 50", f, " "); printf "  hottest:"
      for (i = 1; i <= 5; i++) {
        top = int((f[i] * cells + 99) / 100); s = 0
        for (k = 1; k <= top && k <= NR; k++) s += v[k]
        printf " %s%% %.1f%%", f[i], 100 * s / t
      }
      printf "; never hit %.1f%%\n", 100 * (cells - NR) / cells
    }'
}

case $SIZE in
  *g) cells=$(( ${SIZE%g} * 262144 )) ;;
  *m) cells=$(( ${SIZE%m} * 256 )) ;;
  *) echo "give SIZE in m or g (256m, 1g)" >&2; exit 2 ;;
esac
echo "# access pattern, DIO Lab vs fio $(fio --version): size $SIZE, $LOOPS passes; ratio runs $RUNTIME; load $(cut -d' ' -f1-3 /proc/loadavg)"
for w in "${WORKLOADS[@]}"; do
  name=${w%%|*}
  opts=${w#*|}
  fioargs=() dlargs=()
  for o in $opts; do fioargs+=("--$o"); dlargs+=("--${o%%=*}" "${o#*=}"); done
  dlargs=("${dlargs[@]/--random_distribution/--random-distribution}")
  echo "## $name: $opts"
  fio --name="$name" --directory="$DIR" --filename=fio-access.dat --size="$SIZE" --loops="$LOOPS" \
    --direct=1 --randseed=24301 --write_iolog="$DIR/iolog" --output=/dev/null "${fioargs[@]}"
  echo " fio:"
  # iolog version 2 lines are "file action offset length", version 3 puts a timestamp first
  awk '$2 == "read" || $2 == "write" { print $3, $4 } $3 == "read" || $3 == "write" { print $4, $5 }' "$DIR/iolog" \
    | profile "$cells"
  rm -f "$DIR/iolog" "$DIR/fio-access.dat" "$DIR/hits.txt"
  echo " DIO Lab:"
  printf '[j]\nloops=%s\n' "$LOOPS" > "$DIR/loops.fio" # bench's loops are a job file's
  dl "$DIR/loops.fio" --dir "$DIR" --size "$SIZE" --mode direct --format json --no-progress "${dlargs[@]}" 2>/dev/null \
    | jq -r '.jobs[0]."dio-lab".access as $a
      | "  sizes: " + (if $a.read_ios_by_bs then ($a.read_ios_by_bs | to_entries
          | (map(.value) | add) as $n | map(.key + " " + (100 * .value / $n * 10 | round / 10 | tostring) + "%")
          | join(" ")) else "one bs" end),
        "  ios \($a.hit_profile.ios), cells \($a.hit_profile.cells)",
        "  hottest: " + ($a.hit_profile.hottest_share | to_entries
          | map(.key + " " + (100 * .value * 10 | round / 10 | tostring) + "%") | join(" "))
          + "; never hit " + (100 * $a.hit_profile.unhit_fraction * 10 | round / 10 | tostring) + "%"'
  rm -f "$DIR/loops.fio"
  echo " ratio (DIO Lab / fio bandwidth, $PAIRS pair(s), load $(cut -d' ' -f1 /proc/loadavg)):"
  dl --dir "$DIR" --size "$SIZE" --runtime "$RUNTIME" --format json --no-progress --vs-fio "$PAIRS" "${dlargs[@]}" \
    --iomem pages 2>/dev/null | jq -r '."vs-fio"[0] | "  \(.median_ratio) (pairs \(.min_ratio)-\(.max_ratio))"'
done
[ -z "$(ls -A "$DIR")" ] || { echo "files left in $DIR:" >&2; ls -A "$DIR" >&2; exit 1; }
