#!/usr/bin/env bash
# Start-up of DIO Lab, each run in a fresh JVM: the time from launch until the app's window is on screen (under a
# private Xvfb, found with xdotool), and the wall time of `dio-lab lessons`. Prints every run, then the median and
# the spread (min–max) per launcher. Launchers are run alternately (A B A B ...) so load drift hits them alike.
#
#   bench/startup.sh [RUNS]            # default 5 runs per launcher
#   LAUNCHERS="jar" bench/startup.sh   # only some launchers: jar (java -jar target/dio-lab.jar),
#                                      # launcher (target/dio-lab/bin/dio-lab: module path + AOT cache, if built),
#                                      # base (java -jar $BASE_JAR: an older build to compare against)
#
# Needs the packaged app (mvn -B package -DskipTests), Xvfb and xdotool. Timings are printed, never asserted.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${JAVA_HOME:=/usr/lib/jvm/temurin-25-jdk-amd64}"
export JAVA_HOME PATH="$JAVA_HOME/bin:$PATH"
RUNS=${1:-5}
LAUNCHERS=${LAUNCHERS:-"jar launcher"}

for tool in Xvfb xdotool; do
    command -v "$tool" >/dev/null || { echo "startup.sh: needs $tool (apt-get install xvfb xdotool)" >&2; exit 2; }
done
[ -f target/dio-lab.jar ] || { echo "startup.sh: build first: mvn -B package -DskipTests" >&2; exit 2; }

command_of() {
    case "$1" in
        jar) echo "java -jar target/dio-lab.jar" ;;
        launcher) [ -x target/dio-lab/bin/dio-lab ] && echo "target/dio-lab/bin/dio-lab" ;;
        base) [ -f "${BASE_JAR:-}" ] && echo "java -jar $BASE_JAR" ;;
    esac
}
active=()
for l in $LAUNCHERS; do
    if [ -n "$(command_of "$l")" ]; then active+=("$l"); else echo "# skipping $l: not built"; fi
done

work=$(mktemp -d)
xvfb_pid=
cleanup() {
    [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT
Xvfb -displayfd 3 -screen 0 1280x720x24 -nolisten tcp 3>"$work/display" 2>/dev/null &
xvfb_pid=$!
for _ in $(seq 100); do [ -s "$work/display" ] && break; sleep 0.05; done
export DISPLAY=":$(cat "$work/display")"

now_ms() { echo $(( $(date +%s%N) / 1000000 )); }

# ms from launch until a visible window titled "DIO Lab…" exists; the app is then closed.
first_window() {
    local cmd=$1 t0 t1 pid
    t0=$(now_ms)
    $cmd >"$work/app.out" 2>"$work/app.err" &
    pid=$!
    until xdotool search --onlyvisible --name '^DIO Lab' >/dev/null 2>&1; do
        if ! kill -0 "$pid" 2>/dev/null; then echo "app exited: $(tail -3 "$work/app.err")" >&2; return 1; fi
        sleep 0.005
    done
    t1=$(now_ms)
    kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null || true
    echo $(( t1 - t0 ))
}

lessons_ms() {
    local cmd=$1 t0
    t0=$(now_ms)
    $cmd lessons >/dev/null 2>"$work/lessons.err"
    echo $(( $(now_ms) - t0 ))
}

stats() { # median and min–max of the numbers on stdin
    sort -n | awk '{v[NR]=$1} END {m = NR % 2 ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2;
        printf "median %d ms (min %d, max %d, n=%d)", m, v[1], v[NR], NR}'
}

echo "# $(java -version 2>&1 | head -1); $(nproc) CPUs; $(uname -sr); load $(cut -d' ' -f1-3 /proc/loadavg)"
for l in "${active[@]}"; do echo "# $l = $(command_of "$l")"; done
for i in $(seq "$RUNS"); do
    for l in "${active[@]}"; do
        cmd=$(command_of "$l")
        w=$(first_window "$cmd")
        s=$(lessons_ms "$cmd")
        echo "$w" >>"$work/$l.window"
        echo "$s" >>"$work/$l.lessons"
        echo "run $i $l: first window $w ms, lessons $s ms"
    done
done
for l in "${active[@]}"; do
    echo "$l first window: $(stats <"$work/$l.window")"
    echo "$l lessons:      $(stats <"$work/$l.lessons")"
done
if grep -q 'Unsupported JavaFX configuration' "$work/app.err"; then
    echo "# the last launch warned: $(grep -m1 'Unsupported JavaFX' "$work/app.err")"
fi
