package org.diolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.diolab.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code java -jar dio-lab.jar export …} with no launcher beside the jar runs JavaFX from the class path, where
 * JavaFX warns "Unsupported JavaFX configuration" (two lines) at every toolkit start. Run here as such a jar is: a JVM
 * of its own with JavaFX on the class path, no display, the app's own entry point. An export says only what it wrote.
 */
class ExportQuietTest {
    @TempDir
    Path dir;

    @Test
    void aHeadlessExportFromTheClassPathWritesItsFramesAndSaysOnlyThat() throws Exception {
        Run r = run("export", "pin-is-not-a-lock", "--format", "png", "--size", "320x180", "--out", dir.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.err()).isEmpty();
        Path frames = dir.resolve("pin-is-not-a-lock-zero-copy");
        assertThat(r.out()).isEqualTo("wrote 17 frames (320x180) to " + frames + "\n");
        try (Stream<Path> s = Files.list(frames)) {
            assertThat(s.map(p -> p.getFileName().toString())).hasSize(17).allMatch(n -> n.endsWith(".png"));
        }
    }

    private record Run(int code, String out, String err) {}

    /** {@code java -cp <the tests' class path> org.diolab.Main args}, without $DISPLAY, as a jar run alone is. */
    private Run run(String... args) throws IOException, InterruptedException {
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> cmd = new java.util.ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED",
                "-Xshare:auto",
                "-XX:TieredStopAtLevel=1",
                "-Ddio-lab.preferences=memory",
                "-cp",
                cp,
                Main.class.getName()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd)
                .redirectOutput(dir.resolve("out.txt").toFile())
                .redirectError(dir.resolve("err.txt").toFile());
        pb.environment().remove("DISPLAY");
        pb.environment().remove("JAVA_TOOL_OPTIONS"); // "Picked up …" would be on stderr
        Process p = pb.start();
        if (!p.waitFor(150, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("export did not end in 150 s");
        }
        Run r = new Run(
                p.exitValue(),
                Files.readString(dir.resolve("out.txt"), StandardCharsets.UTF_8),
                Files.readString(dir.resolve("err.txt"), StandardCharsets.UTF_8));
        Files.delete(dir.resolve("out.txt"));
        Files.delete(dir.resolve("err.txt"));
        return r;
    }
}
