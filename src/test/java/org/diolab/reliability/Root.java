package org.diolab.reliability;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.diolab.live.kernel.KernelLab;

/** What the root cases share: whether the lab can run here (else they skip, saying why), and tools run by name. */
final class Root {
    private Root() {}

    /** Skips the calling case, with the reason, unless the lab can build filesystems on loop devices here. */
    static void assumeLab() {
        KernelLab.unavailableReason().ifPresent(why -> assumeTrue(false, why));
    }

    static boolean isRoot() {
        try {
            return Files.readAllLines(Path.of("/proc/self/status")).stream()
                    .anyMatch(l -> l.matches("Uid:\\s+\\d+\\s+0\\s.*"));
        } catch (IOException e) {
            return false;
        }
    }

    /** Runs a tool with LC_ALL=C; its output; fails on a non-zero exit or after two minutes. */
    static String run(String... cmd) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(List.of(cmd)).redirectErrorStream(true);
        pb.environment().put("LC_ALL", "C");
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            if (!p.waitFor(2, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                throw new IOException(String.join(" ", cmd) + " did not finish");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
        if (p.exitValue() != 0) {
            throw new IOException(String.join(" ", cmd) + " failed (" + p.exitValue() + "): " + out.strip());
        }
        return out;
    }

    /** A directory of the test's own on the project's disk (not /tmp, which may be tmpfs). */
    static Path scratch(String prefix) throws IOException {
        Path target = Files.createDirectories(Path.of("target").toAbsolutePath());
        return Files.createTempDirectory(target, prefix).toRealPath();
    }
}
