package org.diolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Ctrl-C on a real `dio-lab bench` process: it stops, and its scratch files are gone when it has exited. */
class InterruptTest {
    @TempDir
    Path dir;

    /** Data files only: the session's lock file comes and goes with them. */
    private static long count(Path d) throws Exception {
        try (Stream<Path> s = Files.list(d)) {
            return s.filter(p -> !p.getFileName().toString().endsWith(".lock")).count();
        }
    }

    @Test
    void sigintCancelsTheRunAndRemovesItsFiles() throws Exception {
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-cp", cp, CliMain.class.getName(), "bench", "--dir",
                dir.toString(), "--rw", "randrw", "--bs", "64k", "--size", "16m", "--numjobs", "2", "--mirrors", "2",
                "--runtime", "60s"));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (count(dir) < 4 && System.nanoTime() < deadline && p.isAlive()) {
                Thread.sleep(50);
            }
            assertThat(count(dir)).as("the run created its files").isEqualTo(4);
            Thread.sleep(500); // into the measured phase
            new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start().waitFor();
            assertThat(p.waitFor(20, TimeUnit.SECONDS)).as("exited after SIGINT").isTrue();
            assertThat(count(dir)).isZero();
            try (Stream<Path> s = Files.list(dir)) {
                assertThat(s).as("the lock file too").isEmpty();
            }
        } finally {
            p.destroyForcibly();
        }
    }
}
