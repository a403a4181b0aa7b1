package org.diolab.cli;

import java.io.IOException;
import java.nio.file.Path;

/** A `dio-lab kernel-lab` run in a child JVM, for tests that stop or kill it mid-run. */
public final class KernelLabChild {
    private KernelLabChild() {}

    /** Starts a long RAID1 run (60 s phases) of {@code size} in {@code dir}; its output is discarded. */
    public static Process startRaid1(Path dir, String size) throws IOException {
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        return new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "--enable-native-access=ALL-UNNAMED",
                        "-cp",
                        cp,
                        CliMain.class.getName(),
                        "kernel-lab",
                        "raid1-divergence",
                        "--dir",
                        dir.toString(),
                        "--runtime",
                        "60s",
                        "--size",
                        size,
                        "--no-progress")
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
    }

    /**
     * Starts a traced false-csum-read ({@code --trace traces}, {@code runtime} phases) in {@code dir}; it runs
     * untraced first, then traced. Its output is discarded.
     */
    public static Process startTracedFalseCsumRead(Path dir, Path traces, String runtime) throws IOException {
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        return new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "--enable-native-access=ALL-UNNAMED",
                        "-cp",
                        cp,
                        CliMain.class.getName(),
                        "kernel-lab",
                        "false-csum-read",
                        "--dir",
                        dir.toString(),
                        "--trace",
                        traces.toString(),
                        "--runtime",
                        runtime,
                        "--size",
                        "16m",
                        "--no-progress")
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
    }
}
