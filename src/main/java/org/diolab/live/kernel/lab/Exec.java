package org.diolab.live.kernel.lab;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Runs the system tools the lab drives (losetup, mkfs, mount, btrfs) with an argument list, never through a
 * shell, in the C locale so their output parses the same everywhere. A tool that outlives its time limit is killed
 * and reported; its output and exit code come back as a {@link Result}.
 */
public final class Exec {
    /** What a tool printed and how it ended. */
    public record Result(List<String> command, int exit, String out, String err) {
        boolean ok() {
            return exit == 0;
        }

        /** "losetup --find --show X exited with 1: losetup: X: failed to set up loop device" */
        String describe() {
            String why = err.isBlank() ? out.strip() : err.strip();
            return String.join(" ", command) + " exited with " + exit + (why.isEmpty() ? "" : ": " + why);
        }
    }

    private Exec() {}

    /** Runs {@code command} and waits up to {@code limit}; never throws for a non-zero exit. */
    static Result run(List<String> command, Duration limit) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().put("LC_ALL", "C");
        pb.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        Process p = pb.start();
        CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> slurp(p.getInputStream()));
        CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> slurp(p.getErrorStream()));
        boolean interrupted = false;
        try {
            long deadline = System.nanoTime() + limit.toNanos();
            while (true) {
                try {
                    long left = deadline - System.nanoTime();
                    if (left <= 0 || p.waitFor(left, TimeUnit.NANOSECONDS)) {
                        break;
                    }
                } catch (InterruptedException e) {
                    interrupted = true; // finish the tool first: a half-done mount or losetup is worse than waiting
                }
            }
            if (p.isAlive()) {
                p.destroyForcibly();
                throw new IOException(String.join(" ", command) + " did not finish within " + limit.toSeconds()
                        + " s; it was stopped");
            }
            return new Result(List.copyOf(command), p.exitValue(), out.join(), err.join());
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Runs {@code command}; a non-zero exit is an IOException naming the command and what it printed. */
    public static Result check(List<String> command, Duration limit) throws IOException {
        Result r = run(command, limit);
        if (!r.ok()) {
            throw new IOException(r.describe());
        }
        return r;
    }

    /**
     * Runs a tool that opens block devices exclusively (mkfs, mount) and retries it, a bounded number of times with
     * growing pauses, while it fails only because a device was busy. Another process may hold one of the lab's own
     * devices open exclusively for a moment: btrfs opening every device path it once registered while it mounts
     * another filesystem, another mkfs or scan. Any other failure, or still busy at the end, is an IOException
     * naming the command, what it printed and how long the lab waited.
     */
    static Result checkRetryingWhileBusy(List<String> command, Duration limit, int attempts, Duration firstPause)
            throws IOException {
        long waitedMillis = 0;
        for (int attempt = 1; ; attempt++) {
            Result r = run(command, limit);
            if (r.ok()) {
                return r;
            }
            if (!busy(r) || attempt >= attempts) {
                throw new IOException(r.describe()
                        + (busy(r)
                                ? String.format(
                                        java.util.Locale.ROOT,
                                        " (still busy"
                                                + " after %d attempts over %.1f s: another process holds the device open exclusively;"
                                                + " run the lab again when it is done)",
                                        attempt,
                                        waitedMillis / 1000.0)
                                : ""));
            }
            long pause = firstPause.toMillis() * attempt;
            try {
                Thread.sleep(pause);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException(r.describe() + " (interrupted while waiting for the device)", e);
            }
            waitedMillis += pause;
        }
    }

    /** EBUSY as mkfs ("Device or resource busy") and mount(8) ("already mounted or mount point busy") print it. */
    static boolean busy(Result r) {
        String text = r.err() + r.out();
        return text.contains("Device or resource busy") || text.contains("mount point busy");
    }

    private static String slurp(InputStream in) {
        try (in) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }
}
