#!/usr/bin/env bash
# Start-up of DIO Lab, each run in a fresh JVM: the time from launch until the app's window is mapped (under a private
# Xvfb, found with xdotool) and until its first frame is painted, the first lesson on show (from the app's own
# start-up trace), and the wall time of `dio-lab lessons` beside a bare JVM's `java --version` run right before it (the
# ratio of the two, pair by pair, is what a noisy machine still measures fairly). Prints every run, then the median and
# the spread (min–max) per launcher. Launchers are run alternately (A B A B ...) so load drift hits them alike.
#
#   bench/startup.sh [RUNS]            # default 5 runs per launcher
#   LAUNCHERS="jar" bench/startup.sh   # only some launchers: jar (java -jar target/dio-lab.jar),
#                                      # launcher (target/dio-lab/bin/dio-lab: module path + AOT cache, if built),
#                                      # noaot (the launcher without its AOT cache),
#                                      # nolight (the launcher running `lessons` on the app's cache, as before the
#                                      # light commands had their own),
#                                      # base (java -jar $BASE_JAR: an older build to compare against),
#                                      # baselauncher ($BASE_DIR/dio-lab/bin/dio-lab: the packaged launcher of an
#                                      # older build, e.g. a copy of main's target/ taken before a change),
#                                      # image (target/installer/image/dio-lab/bin/dio-lab.sh, what the .deb puts on
#                                      # the PATH: mvn -Pinstaller package), installed (/usr/bin/dio-lab, from the .deb)
#   BUILDS=DIR LAUNCHERS="a b c" bench/startup.sh   # several builds' packaged launchers, DIR/NAME/dio-lab/bin/dio-lab
#                                      # for each other NAME (copies of target/ of the commits of a bisection; their
#                                      # traces count from the benchmark's launch, as this build's do); NAME-noaot
#                                      # runs NAME's without its AOT cache, NAME-heap64 with a 64 MiB initial heap.
#                                      # A copied target/ needs its AOT caches trained again where it lies (a moved
#                                      # module path voids them; the JVM then says "shared class paths mismatch")
#
#   WINDOW=off bench/startup.sh 11     # only `lessons` beside `java --version` (no Xvfb, no app window)
#
# Profiling a start with JFR: -XX:StartFlightRecording (and -XX:FlightRecorderOptions) add the jdk.jfr module, and the
# JVM then refuses the app's AOT cache ("Mismatched values for property jdk.module.addmods"), so the profile is of a
# start without its cache (~2x the CPU, class loading everywhere). Train a copy's cache with the same JFR option in
# DIO_LAB_JAVA_OPTS (the pom's DIO_LAB_AOT=train run) and profile that copy; -Xlog:aot=error says when a cache is refused.
#
#   NICE=-15 bench/startup.sh          # on a shared, busy machine: run Xvfb and the app at a higher priority, to
#                                      # approach what an idle machine shows (needs root; says so in its output)
#
# Needs the packaged app (mvn -B package -DskipTests), Xvfb and xdotool. Timings are printed, never asserted.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${JAVA_HOME:=/usr/lib/jvm/temurin-25-jdk-amd64}"
export JAVA_HOME PATH="$JAVA_HOME/bin:$PATH"
RUNS=${1:-5}
NICE=${NICE:-0}
prio=()  # nice execs the command, so $! stays the app's own process id
if [ "$NICE" != 0 ]; then prio=(nice -n "$NICE"); fi
LAUNCHERS=${LAUNCHERS:-"jar launcher"}

for tool in $([ "${WINDOW:-on}" = off ] || echo Xvfb xdotool import); do
    command -v "$tool" >/dev/null || { echo "startup.sh: needs $tool (apt-get install xvfb xdotool)" >&2; exit 2; }
done
[ -n "${BUILDS:-}" ] || [ -f target/dio-lab.jar ] || [ -x /usr/bin/dio-lab ] || { echo "startup.sh: build first: mvn -B package -DskipTests" >&2; exit 2; }

command_of() {
    case "$1" in
        jar) echo "java -jar target/dio-lab.jar" ;;
        launcher) [ -x target/dio-lab/bin/dio-lab ] && echo "target/dio-lab/bin/dio-lab" ;;
        noaot) [ -x target/dio-lab/bin/dio-lab ] && echo "env DIO_LAB_AOT=off target/dio-lab/bin/dio-lab" ;;
        nolight) [ -x target/dio-lab/bin/dio-lab ] && echo "env DIO_LAB_LIGHT=off target/dio-lab/bin/dio-lab" ;;
        base) [ -f "${BASE_JAR:-}" ] && echo "java -jar $BASE_JAR" ;;
        baselauncher) [ -x "${BASE_DIR:-}/dio-lab/bin/dio-lab" ] && echo "$BASE_DIR/dio-lab/bin/dio-lab" ;;
        image) [ -x target/installer/image/dio-lab/bin/dio-lab.sh ] && echo "target/installer/image/dio-lab/bin/dio-lab.sh" ;;
        installed) [ -x /usr/bin/dio-lab ] && echo "/usr/bin/dio-lab" ;;
        *-heap64) [ -n "${BUILDS:-}" ] && [ -x "$BUILDS/${1%-heap64}/dio-lab/bin/dio-lab" ] \
            && echo "env DIO_LAB_JAVA_OPTS=-XX:InitialHeapSize=64m $BUILDS/${1%-heap64}/dio-lab/bin/dio-lab" ;;
        *-noaot) [ -n "${BUILDS:-}" ] && [ -x "$BUILDS/${1%-noaot}/dio-lab/bin/dio-lab" ] \
            && echo "env DIO_LAB_AOT=off $BUILDS/${1%-noaot}/dio-lab/bin/dio-lab" ;;
        *) [ -n "${BUILDS:-}" ] && [ -x "$BUILDS/$1/dio-lab/bin/dio-lab" ] && echo "$BUILDS/$1/dio-lab/bin/dio-lab" ;;
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
if [ "${WINDOW:-on}" != off ]; then
    "${prio[@]}" Xvfb -displayfd 3 -screen 0 1280x720x24 -nolisten tcp 3>"$work/display" 2>/dev/null &
    xvfb_pid=$!
    for _ in $(seq 100); do [ -s "$work/display" ] && break; sleep 0.05; done
    export DISPLAY=":$(cat "$work/display")"
fi

now_ms() { echo $(( $(date +%s%N) / 1000000 )); }
tick=$(getconf CLK_TCK)

# CPU time (user + system, all threads) of a process and its children so far, in ms: less at the mercy of other load
# than wall time, so a busy machine still shows what a start costs.
cpu_ms() {
    local total=0 p
    for p in "$1" $(pgrep -P "$1" 2>/dev/null); do
        if [ -r "/proc/$p/stat" ]; then
            total=$(( total + $(awk '{print $14 + $15}' "/proc/$p/stat") ))
        fi
    done
    echo $(( total * 1000 / tick ))
}

# A pixel near the window's top-left corner, as X has it: black (000000) until the app paints its first frame.
pixel() {
    import -window "$1" -crop 1x1+24+24 -depth 8 txt:- 2>/dev/null | tail -1 | grep -o '#[0-9A-F]\{6\}'
}

# ms from launch until a visible window titled "DIO Lab…" exists, and until its first frame is painted (a pixel is
# no longer black; polled as fast as ImageMagick allows, ~20–50 ms per look). Then, for builds that write a start-up trace
# (-Ddio-lab.startup-trace), waits up to 60 s for it: the ms (from process start) at which the first lesson was on
# show. The app is then closed. Nothing is remembered: -Ddio-lab.preferences=memory.
first_window() {
    local cmd=$1 t0 t1 t2 pid cpu wid
    rm -f "$work/trace"
    t0=$(now_ms)
    JAVA_TOOL_OPTIONS="-Ddio-lab.preferences=memory -Ddio-lab.startup-trace=$work/trace -Ddio-lab.startup-origin=$t0" \
        "${prio[@]}" $cmd >"$work/app.out" 2>"$work/app.err" &
    pid=$!
    until xdotool search --onlyvisible --name '^DIO Lab' >/dev/null 2>&1; do
        if ! kill -0 "$pid" 2>/dev/null; then echo "app exited: $(tail -3 "$work/app.err")" >&2; return 1; fi
        sleep 0.005
    done
    t1=$(now_ms)
    cpu=$(cpu_ms "$pid")
    wid=$(xdotool search --onlyvisible --name '^DIO Lab' | head -1)
    until [ -n "$(pixel "$wid")" ] && [ "$(pixel "$wid")" != "#000000" ]; do
        if ! kill -0 "$pid" 2>/dev/null; then echo "app exited: $(tail -3 "$work/app.err")" >&2; return 1; fi
    done
    t2=$(now_ms)
    local shown_cpu=
    if [ "${2:-}" = traced ]; then
        for _ in $(seq 1200); do [ -s "$work/trace" ] && break; sleep 0.05; done
        shown_cpu=$(cpu_ms "$pid") # by the first lesson on show (within a poll): older builds' traces lack it
    fi
    kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null || true
    # Builds before the trace took the benchmark's clock (startup-origin) count from the JDK's process start instant,
    # early by $skew ms on this boot: their phases are moved back by that much, to compare like with like.
    local shift=0
    case " ${OLD_TRACE:-base baselauncher} " in *" $3 "*) shift=$skew ;; esac
    [ -s "$work/trace" ] && awk -v s="$shift" '{$2 -= s; print}' "$work/trace" >"$work/trace.fixed" && mv "$work/trace.fixed" "$work/trace"
    cat "$work/trace" >>"$work/phases.now" 2>/dev/null || true
    echo "$(( t1 - t0 )) $(( t2 - t0 )) $cpu $(awk '/^lesson-shown/ {s = $2} END {print s == "" ? "-" : s}' "$work/trace" 2>/dev/null || echo -) ${shown_cpu:--}"
}

lessons_ms() {
    local cmd=$1 t0
    t0=$(now_ms)
    "${prio[@]}" $cmd lessons >/dev/null 2>"$work/lessons.err"
    echo $(( $(now_ms) - t0 ))
}

version_ms() { # a bare JVM start, the yardstick of `lessons`
    local t0
    t0=$(now_ms)
    "${prio[@]}" java --version >/dev/null 2>&1
    echo $(( $(now_ms) - t0 ))
}

stats() { # median and min–max of the numbers on stdin
    sort -n | awk '{v[NR]=$1} END {m = NR % 2 ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2;
        printf "median %d ms (min %d, max %d, n=%d)", m, v[1], v[NR], NR}'
}

# How early the JDK's process start instant is on this boot (Linux gives the boot time in whole seconds): ms.
skew=$(awk -v now="$(now_ms)" '/^btime/ {b = $2} END {getline u <"/proc/uptime"; split(u, f, " ");
    printf "%d", now - f[1] * 1000 - b * 1000}' /proc/stat)
echo "# $(java -version 2>&1 | head -1); $(nproc) CPUs; $(uname -sr); load $(cut -d' ' -f1-3 /proc/loadavg); nice $NICE"
echo "# trace phases: ms from the benchmark's launch of the command (older builds' traces moved back by $skew ms)"
for l in "${active[@]}"; do
    echo "# $l = $(command_of "$l")"
    # The first `lessons` after a build parses the lessons and keeps the listing (~/.cache/dio-lab): the runs below
    # measure the everyday one.
    $(command_of "$l") lessons >/dev/null 2>&1 || echo "# $l lessons failed: $($(command_of "$l") lessons 2>&1 | tail -1)"
done
for i in $(seq "$RUNS"); do
    for l in "${active[@]}"; do
        cmd=$(command_of "$l")
        rm -f "$work/phases.now"
        w=- painted=- cpu=- shown= shown_cpu=
        if [ "${WINDOW:-on}" != off ]; then
            read -r w painted cpu shown shown_cpu <<<"$(first_window "$cmd" traced "$l")"
            [ "$shown" = - ] && shown=
            [ "$shown_cpu" = - ] && shown_cpu=
            cat "$work/phases.now" >>"$work/$l.phases" 2>/dev/null || true
        fi
        v=$(version_ms)
        s=$(lessons_ms "$cmd")
        echo "$v" >>"$work/$l.version"
        awk -v s="$s" -v v="$v" 'BEGIN {printf "%d\n", 100 * s / (v > 0 ? v : 1)}' >>"$work/$l.ratio"
        if [ "$w" != - ]; then
            echo "$w" >>"$work/$l.window"
            echo "$cpu" >>"$work/$l.cpu"
            echo "$painted" >>"$work/$l.painted"
        fi
        echo "$s" >>"$work/$l.lessons"
        [ -n "$shown" ] && echo "$shown" >>"$work/$l.shown"
        [ -n "$shown_cpu" ] && echo "$shown_cpu" >>"$work/$l.shown_cpu"
        if [ -f "$work/app.err" ] && grep -q 'Unsupported JavaFX configuration' "$work/app.err"; then touch "$work/$l.warned"; fi
        if [ "$w" != - ]; then
            echo "run $i $l: window mapped $w ms (CPU $cpu ms), first frame $painted ms${shown:+, first lesson on show $shown ms}${shown_cpu:+ (CPU $shown_cpu ms)}, lessons $s ms (java --version $v ms), load $(cut -d' ' -f1 /proc/loadavg)"
        else
            echo "run $i $l: lessons $s ms (java --version $v ms, load $(cut -d' ' -f1 /proc/loadavg))"
        fi
    done
done
for l in "${active[@]}"; do
    if [ -s "$work/$l.window" ]; then
        echo "$l window mapped:  $(stats <"$work/$l.window")"
        echo "$l CPU by then:    $(stats <"$work/$l.cpu")"
        echo "$l first frame:    $(stats <"$work/$l.painted")"
    fi
    [ -s "$work/$l.shown" ] && echo "$l lesson on show: $(stats <"$work/$l.shown")"
    [ -s "$work/$l.shown_cpu" ] && echo "$l CPU by then:    $(stats <"$work/$l.shown_cpu") (the app's processes, seen within 50 ms)"
    if [ -s "$work/$l.phases" ]; then # the app's own start-up trace, phase by phase (ms from the launch; CPU used)
        for phase in $(awk '!seen[$1]++ {print $1}' "$work/$l.phases"); do
            cpu_line=$(awk -v p="$phase" '$1 == p && $3 != "" {print $3}' "$work/$l.phases")
            echo "$l   trace $phase: $(awk -v p="$phase" '$1 == p {print $2}' "$work/$l.phases" | stats)${cpu_line:+; CPU $(stats <<<"$cpu_line")}"
        done
    fi
    echo "$l lessons:        $(stats <"$work/$l.lessons")"
    echo "$l java --version: $(stats <"$work/$l.version")"
    echo "$l lessons / java --version, pair by pair: $(stats <"$work/$l.ratio" | sed 's/ ms//g') (in %)"
    [ -f "$work/$l.warned" ] && echo "$l: warned 'Unsupported JavaFX configuration'"
done
echo "# load at the end $(cut -d' ' -f1-3 /proc/loadavg)"
