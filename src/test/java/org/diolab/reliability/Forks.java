package org.diolab.reliability;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.diolab.cli.CliMain;

/** Runs the CLI as a real process (signals, namespaces, concurrent runs), and small helpers around it. */
final class Forks {
    private Forks() {}

    /** {@code java ... CliMain args}, optionally behind {@code prefix} (e.g. unshare). stderr goes to {@code err}. */
    static Process cli(List<String> prefix, Path err, String... args) throws IOException {
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> cmd = new ArrayList<>(prefix);
        cmd.addAll(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED",
                "-Xshare:auto",
                "-XX:TieredStopAtLevel=1",
                "-cp",
                cp,
                CliMain.class.getName()));
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(err.toFile())
                .start();
    }

    /** Exit code of a short command, or -1 when it cannot run or hangs. */
    static int exec(String... cmd) {
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(60, TimeUnit.SECONDS) ? p.exitValue() : -1;
        } catch (IOException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    static boolean root() {
        return "root".equals(System.getProperty("user.name"));
    }

    /** Data files of runs in {@code dir} (lock files not counted). */
    static long dataFiles(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().startsWith(".dio-lab-")
                            && !p.getFileName().toString().endsWith(".lock"))
                    .count();
        }
    }

    static List<String> entries(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    /** Waits until {@code dir} holds {@code n} data files, or the process died, or 60 s passed. */
    static void awaitDataFiles(Path dir, long n, Process p) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (dataFiles(dir) < n && p.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
    }
}
