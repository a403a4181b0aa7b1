package org.diolab.live.calib;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.diolab.live.probe.EnvironmentProbe;
import tools.jackson.core.JacksonException;

/**
 * Reads the calibration {@code dio-lab calibrate} saved, for the perf model and the app, and says when it is missing,
 * unreadable, or measured under another kernel or on another host than the one running now. No JavaFX: the app calls
 * it off the FX thread.
 */
public final class CalibrationReader {
    private CalibrationReader() {}

    /** The calibration at the default place ({@link CalibrationStore#defaultPath()}), checked against this host. */
    public static CalibrationStatus read() {
        return read(CalibrationStore.defaultPath(), currentKernel(), currentHost());
    }

    /** The calibration in {@code file}, checked against a kernel release and a host name. */
    public static CalibrationStatus read(Path file, String kernel, String host) {
        if (!Files.exists(file)) {
            return new CalibrationStatus.Missing(file);
        }
        Calibration c;
        try {
            c = CalibrationStore.MAPPER.readValue(file, Calibration.class);
        } catch (JacksonException e) {
            return new CalibrationStatus.Unreadable(file, e.getOriginalMessage());
        }
        if (c == null || c.machine() == null) {
            return new CalibrationStatus.Unreadable(file, "no machine recorded");
        }
        List<String> doubts = new ArrayList<>();
        if (!c.machine().kernel().equals(kernel)) {
            doubts.add("measured under Linux " + c.machine().kernel() + "; this is Linux " + kernel);
        }
        if (!c.machine().hostname().equals(host)) {
            doubts.add("measured on " + c.machine().hostname() + "; this is " + host);
        }
        return new CalibrationStatus.Found(file, c, doubts);
    }

    /** The running kernel's release, as {@link EnvironmentProbe} records it. */
    public static String currentKernel() {
        return readLine(Path.of("/proc/sys/kernel/osrelease")).orElse(System.getProperty("os.version", "?"));
    }

    public static String currentHost() {
        return readLine(Path.of("/proc/sys/kernel/hostname")).orElse("?");
    }

    private static java.util.Optional<String> readLine(Path p) {
        try {
            return java.util.Optional.of(Files.readString(p).strip());
        } catch (IOException | RuntimeException e) {
            return java.util.Optional.empty();
        }
    }
}
