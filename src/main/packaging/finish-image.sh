#!/usr/bin/env bash
# Finishes a jpackage app image of DIO Lab: writes its two AOT caches and tells each launcher to use its own, and puts
# in bin/dio-lab.sh, the `dio-lab` of the PATH (light commands to bin/dio-lab-cli, the rest to bin/dio-lab).
#
#   finish-image.sh IMAGE          IMAGE = the app image folder (…/dio-lab, with bin/ and lib/)
#
# lib/app/dio-lab.aot serves bin/dio-lab (org.diolab.AotTraining: the CLI's everyday commands, then the app, headless,
# until its first lesson is on show); lib/app/dio-lab-cli.aot serves bin/dio-lab-cli (`AotTraining light`: `lessons`
# from a kept listing and `--version`, with the app's jar alone on the class path: JDK 25 loads every class of a cache
# at start, and every jar on the class path costs a start a few ms).
# A cache only serves a JVM whose runtime, class path and module options are those it was made with, so each training
# run uses the image's own runtime and the class path and options its launcher reads from lib/app/NAME.cfg, in the
# same order; only the main class differs. The class path is checked relative to the image, so the caches still serve
# the image once installed elsewhere (/opt/dio-lab), as long as the jars keep their size and time; a module path
# would not move (JavaFX is inside the runtime for that reason). jpackage does not keep the files' times when it copies
# the image into the .deb, so the jars all get the main jar's build time here, noted in lib/app/jars.time, and the
# .deb's postinst gives them that time again. (One time for every build would make the listing kept by `lessons`,
# keyed by the jar's path, size and time, outlive an upgrade that left the jar's size alone.) Each cfg gains
# -XX:AOTCache only after its cache exists.
set -euo pipefail
image=$(cd "$1" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
app="$image/lib/app"
java="$image/lib/runtime/bin/java"
for cfg in "$app/dio-lab.cfg" "$app/dio-lab-cli.cfg"; do
    [ -f "$cfg" ] && [ -x "$java" ] || { echo "finish-image.sh: $image is not a dio-lab app image ($cfg)" >&2; exit 2; }
done

built=$(stat -c %Y "$app/dio-lab-app.jar")
touch -m -d "@$built" "$app"/*.jar
echo "$built" >"$app/jars.time"

# train NAME MAIN-ARGS...: writes lib/app/NAME.aot from a run of the image's java with NAME.cfg's class path and
# options, then adds it to NAME.cfg.
train() {
    local name=$1 cfg="$app/$1.cfg" cp o
    shift
    cp=$(sed -n 's/^app\.classpath=//p' "$cfg" | sed "s|\$APPDIR|$app|g" | paste -sd: -)
    local opts=()
    while IFS= read -r o; do opts+=("${o//\$APPDIR/$app}"); done < <(sed -n 's/^java-options=//p' "$cfg")
    rm -f "$app/$name.aot"
    "$java" "${opts[@]}" -XX:AOTCacheOutput="$app/$name.aot" -Xlog:aot*=error,cds*=error \
        -Ddio-lab.preferences=memory -cp "$cp" "$@"
    [ -s "$app/$name.aot" ] || { echo "finish-image.sh: the training run wrote no $name.aot" >&2; exit 1; }
    sed -i "s|^\[JavaOptions\]\$|[JavaOptions]\njava-options=-XX:AOTCache=\$APPDIR/$name.aot|" "$cfg"
    grep -q "AOTCache=\$APPDIR/$name.aot" "$cfg" || { echo "finish-image.sh: $cfg has no [JavaOptions]" >&2; exit 1; }
}
# JavaFX's Headless platform: no display needed at build time.
train dio-lab -Dglass.platform=Headless -Dprism.order=sw -Djava.awt.headless=true org.diolab.AotTraining
# The light launcher's class path: the app's jar alone (each jar costs a start a few ms; LightCommands needs no other).
sed -i '/^app\.classpath=/{/\/dio-lab-app\.jar$/!d}' "$app/dio-lab-cli.cfg"
grep -q '^app\.classpath=.*/dio-lab-app\.jar$' "$app/dio-lab-cli.cfg" \
    || { echo "finish-image.sh: dio-lab-cli.cfg has no dio-lab-app.jar on its class path" >&2; exit 1; }
train dio-lab-cli org.diolab.AotTraining light
# bin/dio-lab.sh starts the light commands with the image's java itself, with these options (a java @-file) and the
# same class path and cache: jpackage's launcher asks dpkg and rpm which package holds it at every start.
sed -n 's/^java-options=//p' "$app/dio-lab-cli.cfg" | grep -v 'APPDIR' >"$app/dio-lab-cli.options"

install -m 755 "$here/dio-lab.sh" "$image/bin/dio-lab.sh"
