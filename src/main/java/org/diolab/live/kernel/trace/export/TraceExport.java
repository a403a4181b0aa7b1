package org.diolab.live.kernel.trace.export;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import org.diolab.live.kernel.trace.meaning.Failure;
import org.diolab.live.kernel.trace.meaning.TraceReading;

/**
 * Writes a scenario's trace into a directory the user named: the JSON and the raw text, each written to a temporary
 * file beside it and moved into place, so a reader never sees half a file and a failed export leaves the old one.
 */
public final class TraceExport {
    private TraceExport() {}

    /** The two files' paths for {@code scenario} in {@code dir} (not yet written). */
    public static TraceFiles paths(Path dir, String scenario) {
        if (!scenario.matches("[a-z0-9-]{1,64}")) {
            throw new IllegalArgumentException("not a scenario id: " + scenario);
        }
        return new TraceFiles(dir.resolve(scenario + ".trace.json"), dir.resolve(scenario + ".ftrace.txt"));
    }

    public static TraceFiles write(
            Path dir, String scenario, List<String> ftraceText, TraceReading reading, List<Failure> failures)
            throws IOException {
        if (!Files.isDirectory(dir)) {
            throw new IOException(dir + " is not a directory: create it, or name one for the trace files");
        }
        TraceFiles f = paths(dir, scenario);
        replace(f.json(), ChromeTrace.json("kernel lab " + scenario, reading, failures));
        replace(f.ftrace(), String.join("\n", ftraceText) + "\n");
        return f;
    }

    private static void replace(Path target, String text) throws IOException {
        Path tmp = Files.createTempFile(target.getParent(), "." + target.getFileName(), ".part");
        try {
            Files.writeString(tmp, text, StandardCharsets.UTF_8);
            try {
                // run as root into a user's directory: the files are the directory owner's, so they can open them
                Files.setOwner(tmp, Files.getOwner(target.getParent()));
            } catch (IOException | UnsupportedOperationException e) {
                // not root: the files are this user's anyway
            }
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
