package org.diolab;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code java -jar dio-lab.jar} without arguments puts JavaFX on the class path, which JavaFX does not support (it
 * warns at every start) and which no AOT cache covers. When the packaged launcher sits beside the jar (as {@code mvn
 * package} leaves it: {@code target/dio-lab/bin/dio-lab}), the app is started through it instead, in a child process
 * that this one waits for and passes its exit code on from.
 */
final class Relaunch {
    /** Set in the child, so a launcher that leads back to this jar cannot loop. */
    static final String MARK = "dio-lab.relaunched";

    private Relaunch() {}

    /** The launcher beside the running jar, if there is one and this JVM was not started by it. */
    static Optional<Path> launcher() {
        if (System.getProperty(MARK) != null) {
            return Optional.empty();
        }
        try {
            Path jar = Path.of(Main.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI());
            Path dir = jar.getParent();
            if (!Files.isRegularFile(jar) || dir == null) {
                return Optional.empty(); // classes from a directory: a development run
            }
            Path script = dir.resolve("dio-lab").resolve("bin").resolve("dio-lab");
            return Files.isExecutable(script) ? Optional.of(script) : Optional.empty();
        } catch (URISyntaxException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** Runs the app through {@code launcher}; returns its exit code. */
    static int run(Path launcher, String... args) throws java.io.IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(launcher.toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).inheritIO();
        String opts = pb.environment().getOrDefault("DIO_LAB_JAVA_OPTS", "");
        pb.environment().put("DIO_LAB_JAVA_OPTS", (opts + " -D" + MARK + "=true").strip());
        Process child = pb.start();
        Thread stop = new Thread(child::destroy); // killed or Ctrl-C: take the app down with us
        Runtime.getRuntime().addShutdownHook(stop);
        int code = child.waitFor();
        Runtime.getRuntime().removeShutdownHook(stop);
        return code;
    }
}
