#!/bin/sh
# `dio-lab` on the PATH (the .deb links /usr/bin/dio-lab here). The light commands (`lessons` alone, `--version`,
# `-V`) run as bin/dio-lab-cli runs them, on its small AOT cache; everything else (the app without arguments, every
# other command) goes to bin/dio-lab and the app's cache, which holds the CLI's classes too. JDK 25 loads every class
# of a cache at start, and the app's ~8,000 made a listing cost ten bare JVM starts.
self=$0
if [ -L "$self" ]; then self=$(readlink -f "$self"); fi
bin=${self%/*}
case "$#:${1-}" in
    1:lessons | 1:--version | 1:-V)
        # As bin/dio-lab-cli would run it (its options, class path and cache; finish-image.sh wrote the options out),
        # but without that launcher: it asks dpkg and rpm which package holds it at every start, ~0.2 s of CPU.
        # 75: the light run cannot answer this time (no listing kept yet, or an error); the full one will.
        app=${bin%/*}/lib/app
        "${bin%/*}/lib/runtime/bin/java" "-XX:AOTCache=$app/dio-lab-cli.aot" "@$app/dio-lab-cli.options" \
            -cp "$app/dio-lab-app.jar" org.diolab.cli.CliMain "$@"
        rc=$?
        if [ "$rc" != 75 ]; then exit "$rc"; fi
        ;;
esac
exec "$bin/dio-lab" "$@"
