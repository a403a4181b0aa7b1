#!/usr/bin/env bash
# What a user's window costs while a lesson is stepped, beside bench/stage.sh's snapshot figures: the app runs in a
# real X window (Xvfb + openbox), presenting LESSON from step 1, and the script presses → (next step) STEPS times, GAP
# seconds apart (after a warm-up: End, Home twice): in presenter mode with motion, then with reduced motion (M: a step is drawn at once, no glide), then
# the same two in the normal window (F5). Each key press is timed in the app's own process
# (src/test/java/org/diolab/bench/WindowPulses.java: JavaFX 26 has no pulse logger any more, so a scene's pulse
# listeners and its performance tracker stand in for it): the frames painted until the next key, and the CPU time of
# the FX thread and of JavaFX's render thread (what the step cost in work; other processes disturb it far less than
# wall time). -Dprism.verbose=true names the pipeline the window got (es2 on Mesa, or sw). Printed per mode:
#   step (reduced motion): the CPU of showing one step (FX + render threads, all its frames), median and p90;
#   glide (motion): the CPU per painted frame while the step's transition and the camera's move play, and the frames
#          per second the window reached during it (frames painted / ms to the last frame).
# Usage: bench/stage-window.sh [LESSON]   env: SIZE=1920x1080 STEPS=8 GAP=3 PRISM=es2|sw (default: JavaFX's choice)
# Needs Xvfb, openbox, xdotool and a compiled tree (mvn -o test-compile). Printed, never asserted: on a shared
# machine only ratios between runs taken together mean anything.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${JAVA_HOME:=/usr/lib/jvm/temurin-25-jdk-amd64}"
export JAVA_HOME PATH="$JAVA_HOME/bin:$PATH"
LESSON=${1:-raid1-mirrors-diverge}
SIZE=${SIZE:-1920x1080}
STEPS=${STEPS:-8}
GAP=${GAP:-3}
for tool in Xvfb openbox xdotool; do
    command -v "$tool" >/dev/null || { echo "stage-window.sh: needs $tool (apt-get install -y xvfb openbox xdotool)" >&2; exit 1; }
done
[ -f target/test-classes/org/diolab/bench/WindowPulses.class ] || { echo "stage-window.sh: compile first (mvn -o test-compile)" >&2; exit 1; }

work=$(mktemp -d)
xvfb_pid= wm_pid= app_pid=
cleanup() {
    for p in $app_pid $wm_pid $xvfb_pid; do kill "$p" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT
mvn -o -B -q dependency:build-classpath -Dmdep.outputFile="$work/cp" -Dmdep.includeScope=test >/dev/null 2>&1 || {
    echo "stage-window.sh: could not list the runtime class path (mvn -o dependency:build-classpath)" >&2; exit 1; }

Xvfb -displayfd 3 -screen 0 "${SIZE}x24" -nolisten tcp 3>"$work/display" 2>/dev/null &
xvfb_pid=$!
for _ in $(seq 200); do [ -s "$work/display" ] && break; sleep 0.05; done
export DISPLAY=":$(cat "$work/display")"
openbox >/dev/null 2>&1 &
wm_pid=$!
sleep 1

echo "# $(java -version 2>&1 | head -1); $(nproc) CPUs; $(uname -sr); load $(cut -d' ' -f1-3 /proc/loadavg)"
log="$work/app.log"
prism=()
[ -n "${PRISM:-}" ] && prism=("-Dprism.order=$PRISM")
java -Ddio-lab.preferences=memory -Dprism.verbose=true "${prism[@]}" \
    -cp "target/test-classes:target/classes:$(cat "$work/cp")" org.diolab.bench.WindowPulses \
    present "$LESSON" --step 1 >>"$log" 2>&1 &
app_pid=$!
for _ in $(seq 1200); do
    xdotool search --onlyvisible --name '^DIO Lab' >/dev/null 2>&1 && break
    kill -0 "$app_pid" 2>/dev/null || { echo "stage-window.sh: the app exited: $(tail -3 "$log")" >&2; exit 1; }
    sleep 0.1
done
sleep 8 # the first lesson on show, the start toast gone
wid=$(xdotool search --onlyvisible --name '^DIO Lab' | head -1)
press() {
    xdotool windowactivate --sync "$wid" >/dev/null 2>&1 || true
    xdotool key "$1" # XTEST, to the focused window (presenter mode's full screen included)
    sleep "$GAP"
}
steps() { for _ in $(seq "$STEPS"); do press Right; done; }
# Warm-up (a cold JVM's first steps cost seconds of class loading and compiling): every step once each way, not
# counted (its keys are End and Home).
press End; press Home; press End; press Home
steps                      # presenter, motion
press m; press Home; steps # presenter, reduced motion
press F5; press m; press Home; steps # window, motion
press m; press Home; steps # window, reduced motion
press shift                # ends the last step's line
kill "$app_pid" 2>/dev/null || true
wait "$app_pid" 2>/dev/null || true
app_pid=

[ -n "${KEEP_LOG:-}" ] && cp "$log" "$KEEP_LOG"
pipeline=$(grep -m1 '^# pipeline' "$log" | sed 's/^# pipeline //')
renderer=$(grep -m1 -o 'Failed Graphics Hardware Qualifier check\|Fallback to Prism SW pipeline' "$log" | sed 's/^/es2 refused: /' || true)
echo "# window ${SIZE}, $LESSON, pipeline ${pipeline:-unknown}${renderer:+ ($renderer)}"
[ -n "${VERBOSE:-}" ] && grep -v '^key ' "$log" | head -40
# Lines "key K: P pulses, F frames painted, W ms to the last frame, CPU FX A ms + render B ms, ...". F5 switches
# presenter -> window, M motion -> reduced; only → (Right) lines are steps.
awk '
    function sort(a, n,   i, j, t) { for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t } }
    function median(a, n) { sort(a, n); return n ? (n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2) : 0 }
    function p90(a, n) { sort(a, n); return n ? a[int(n * 0.9) > 0 ? int(n * 0.9) : 1] : 0 }
    BEGIN { mode = "presenter"; motion = 1 }
    /^key / {
        k = $2; sub(/:$/, "", k)
        if (k == "F5") { mode = "window"; next }
        if (k == "M") { motion = !motion; next }
        if (k != "Right") next
        frames = $5; wall = $8; fx = $16; render = $20
        m = mode (motion ? " glide" : " step"); n[m]++
        cpu[m, n[m]] = fx + render; per[m, n[m]] = frames > 0 ? (fx + render) / frames : 0
        fps[m, n[m]] = wall > 0 ? frames * 1000 / wall : 0; fr[m, n[m]] = frames
    }
    END {
        split("presenter window", modes, " ")
        for (q = 1; q <= 2; q++) {
            s = modes[q] " step"; g = modes[q] " glide"
            for (i = 1; i <= n[s]; i++) A[i] = cpu[s, i]
            ma = median(A, n[s]); pa = p90(A, n[s])
            for (i = 1; i <= n[g]; i++) { B[i] = per[g, i]; C[i] = fps[g, i]; D[i] = fr[g, i] }
            printf "window %s, step (reduced motion, %d steps): CPU of the FX and render threads median %.1f ms, p90 %.1f ms\n", modes[q], n[s], ma, pa
            mb = median(B, n[g]); mc = median(C, n[g]); md = median(D, n[g])
            printf "window %s, glide (motion, %d steps): %.0f frames painted a step (median), CPU %.1f ms a frame = %.0f fps by CPU; %.0f fps reached\n", modes[q], n[g], md, mb, (mb > 0 ? 1000 / mb : 0), mc
        }
    }' "$log"
