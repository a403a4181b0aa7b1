package org.diolab.live.kernel;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.diolab.live.kernel.lab.KernelLabRefusal;

/**
 * Whether a kernel-lab run records the kernel's trace of each scenario's race, and where it writes the files
 * ({@code kernel-lab SCENARIO... --trace DIR}: {@code DIR/SCENARIO.trace.json} and {@code DIR/SCENARIO.ftrace.txt}).
 * A traced scenario runs twice: untraced, for its verdict and its race rate, then traced, for the recording and the
 * same rate under tracing (the observer effect).
 *
 * @param record true to record a trace of each scenario that has a plan
 * @param dir    where to write the trace files; empty to keep the traces in the report only (the app)
 */
public record TraceRequest(boolean record, Optional<Path> dir) {
    /** No tracing: every scenario runs once, as without the option. */
    public static final TraceRequest NONE = new TraceRequest(false, Optional.empty());

    public TraceRequest {
        if (!record && dir.isPresent()) {
            throw new IllegalArgumentException("a trace directory without recording");
        }
    }

    /** Record, and write the files into {@code dir}. */
    public static TraceRequest to(Path dir) {
        return new TraceRequest(true, Optional.of(dir));
    }

    /** Refuses, before the lab makes anything, a trace directory it cannot write the files into. */
    void checkDir() {
        if (dir.isEmpty()) {
            return;
        }
        Path d = dir.get();
        if (!Files.isDirectory(d)) {
            throw new KernelLabRefusal(
                    KernelLabRefusal.Reason.BAD_OPTION,
                    "--trace " + d + " is not a directory: create it, or name the directory for the trace files");
        }
        if (!Files.isWritable(d)) {
            throw new KernelLabRefusal(
                    KernelLabRefusal.Reason.BAD_OPTION, "--trace " + d + " is not writable: name another directory");
        }
    }

    /** Record, and keep the traces in the report only. */
    public static TraceRequest inReport() {
        return new TraceRequest(true, Optional.empty());
    }
}
