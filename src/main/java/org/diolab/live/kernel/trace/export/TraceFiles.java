package org.diolab.live.kernel.trace.export;

import java.nio.file.Path;

/** Where a scenario's trace was written: {@code DIR/SCENARIO.trace.json} and {@code DIR/SCENARIO.ftrace.txt}. */
public record TraceFiles(Path json, Path ftrace) {}
