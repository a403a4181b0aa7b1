package org.diolab;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * {@code java -jar dio-lab.jar} puts JavaFX on the class path, which JavaFX does not support (it warns "Unsupported
 * JavaFX configuration" at every start) and which no AOT cache covers. When the packaged launcher sits beside the jar
 * (as {@code mvn package} leaves it: {@code target/dio-lab/bin/dio-lab}), whatever needs JavaFX (the app, and the
 * {@code export} and {@code present} commands) is started through it instead, in a child process that this one waits
 * for and passes its exit code on from.
 *
 * <p>The child runs on this JVM's own binary (not whatever {@code java} the PATH finds) and with this JVM's own
 * options ({@code -D...}, {@code -Xmx...}), handed to the launcher in {@code DIO_LAB_JAVA} and
 * {@code DIO_LAB_JVM_OPTIONS}; the user's {@code DIO_LAB_JAVA_OPTS} still applies on top.
 */
final class Relaunch {
    /** Set in the child, so a launcher that leads back to this jar cannot loop. */
    static final String MARK = "dio-lab.relaunched";

    /** The java binary the launcher is to run. */
    static final String JAVA_ENV = "DIO_LAB_JAVA";

    /** This JVM's options for the launcher, one per line. */
    static final String OPTIONS_ENV = "DIO_LAB_JVM_OPTIONS";

    /** The CLI commands that start JavaFX. */
    private static final Set<String> JAVAFX_COMMANDS = Set.of("export", "present");

    private Relaunch() {}

    /** Whether {@code args} start JavaFX: the app (no arguments), {@code export} or {@code present}. */
    static boolean needsJavaFx(String... args) {
        return args.length == 0 || JAVAFX_COMMANDS.contains(args[0]);
    }

    /** The launcher beside the running jar, if there is one and this JVM was not started by it. */
    static Optional<Path> launcher() {
        if (System.getProperty(MARK) != null) {
            return Optional.empty();
        }
        try {
            return launcherBeside(Path.of(Main.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI()));
        } catch (URISyntaxException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** {@code dio-lab/bin/dio-lab} beside {@code jar}, when {@code jar} is a file (not a classes folder) and it exists. */
    static Optional<Path> launcherBeside(Path jar) {
        Path dir = jar.getParent();
        if (!Files.isRegularFile(jar) || dir == null) {
            return Optional.empty(); // classes from a directory: a development run
        }
        Path script = dir.resolve("dio-lab").resolve("bin").resolve("dio-lab");
        return Files.isExecutable(script) ? Optional.of(script) : Optional.empty();
    }

    /** Runs {@code args} through {@code launcher}; returns its exit code. */
    static int run(Path launcher, String... args) throws IOException, InterruptedException {
        Process child = process(launcher, args).inheritIO().start();
        Thread stop = new Thread(child::destroy); // killed or Ctrl-C: take the app down with us
        Runtime.getRuntime().addShutdownHook(stop);
        int code = child.waitFor();
        Runtime.getRuntime().removeShutdownHook(stop);
        return code;
    }

    /** The child process: the launcher with {@code args}, told which java to run and with which options. */
    static ProcessBuilder process(Path launcher, String... args) {
        List<String> command = new ArrayList<>(List.of(launcher.toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().put(JAVA_ENV, javaBinary());
        List<String> options =
                new ArrayList<>(passedOn(ManagementFactory.getRuntimeMXBean().getInputArguments()));
        options.add("-D" + MARK + "=true");
        pb.environment().put(OPTIONS_ENV, String.join("\n", options));
        return pb;
    }

    /** The binary of this JVM: as the OS reports it, else {@code java.home}'s. */
    static String javaBinary() {
        return ProcessHandle.current()
                .info()
                .command()
                .filter(c -> Files.isExecutable(Path.of(c)))
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }

    /**
     * The options of this JVM worth giving the child: all but those the launcher sets itself (class and module path,
     * AOT and CDS archives) and a debugger's agent (the child would fight this JVM for its port). An option with a
     * line break cannot be passed on one line and is left out.
     */
    static List<String> passedOn(List<String> inputArguments) {
        List<String> out = new ArrayList<>();
        for (String a : inputArguments) {
            boolean launcherOwn = a.startsWith("-Djava.class.path")
                    || a.startsWith("-Djdk.module.")
                    || a.startsWith("--module-path")
                    || a.startsWith("--add-modules")
                    || a.startsWith("-XX:AOT")
                    || a.startsWith("-XX:SharedArchiveFile")
                    || a.contains("AutoCreateSharedArchive")
                    || a.startsWith("-D" + MARK);
            boolean debugger = a.startsWith("-agentlib:jdwp") || a.startsWith("-Xrunjdwp");
            if (!launcherOwn && !debugger && !a.contains("\n")) {
                out.add(a);
            }
        }
        return out;
    }
}
