#!/usr/bin/env bash
# Finishes a jpackage app image of DIO Lab: writes its AOT cache (lib/app/dio-lab.aot) and tells its launcher to use it.
#
#   finish-image.sh IMAGE          IMAGE = the app image folder (…/dio-lab, with bin/ and lib/)
#
# The cache only serves a JVM whose runtime, class path and module options are those it was made with, so the
# training run uses the image's own runtime and the class path and options its launcher reads from lib/app/dio-lab.cfg,
# in the same order; only the main class differs (org.diolab.AotTraining: the CLI's everyday commands, then the app,
# headless, until its first lesson is on show). The class path is checked relative to the image, so the cache still
# serves the image once installed elsewhere (/opt/dio-lab), as long as the jars keep their size and time; a module path
# would not move (JavaFX is inside the runtime for that reason). jpackage does not keep the files' times when it copies
# the image into the .deb, so the jars get one fixed time here, and the .deb's postinst gives them the same one again.
# The cfg gains -XX:AOTCache only after the cache exists.
set -euo pipefail
image=$(cd "$1" && pwd)
cfg="$image/lib/app/dio-lab.cfg"
java="$image/lib/runtime/bin/java"
[ -f "$cfg" ] && [ -x "$java" ] || { echo "finish-image.sh: $image is not a dio-lab app image" >&2; exit 2; }

app="$image/lib/app"
cp=$(sed -n 's/^app\.classpath=//p' "$cfg" | sed "s|\$APPDIR|$app|g" | paste -sd: -)
opts=()
while IFS= read -r o; do opts+=("${o//\$APPDIR/$app}"); done < <(sed -n 's/^java-options=//p' "$cfg")

rm -f "$app/dio-lab.aot"
touch -m -d @1767225600 "$app"/*.jar # 2026-01-01 00:00 UTC; the same in deb/postinst
# JavaFX's Headless platform: no display needed at build time.
"$java" "${opts[@]}" -XX:AOTCacheOutput="$app/dio-lab.aot" -Xlog:aot*=error,cds*=error \
    -Dglass.platform=Headless -Dprism.order=sw -Djava.awt.headless=true -Ddio-lab.preferences=memory \
    -cp "$cp" org.diolab.AotTraining
[ -s "$app/dio-lab.aot" ] || { echo "finish-image.sh: the training run wrote no cache" >&2; exit 1; }
sed -i 's|^\[JavaOptions\]$|[JavaOptions]\njava-options=-XX:AOTCache=$APPDIR/dio-lab.aot|' "$cfg"
grep -q 'AOTCache=' "$cfg" || { echo "finish-image.sh: $cfg has no [JavaOptions] section" >&2; exit 1; }
