package org.diolab;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged launcher ({@code src/main/dist/dio-lab}) runs the java it is given in {@code DIO_LAB_JAVA}, not the
 * one on the PATH, with the options of {@code DIO_LAB_JVM_OPTIONS} (one a line, spaces kept) and
 * {@code DIO_LAB_JAVA_OPTS}. The JDKs here are stand-ins that print what they were asked to run.
 */
class LauncherScriptTest {
    @TempDir
    Path dir;

    private Path fakeJdk(String name, int version) throws IOException {
        Path home = Files.createDirectories(dir.resolve(name));
        Files.writeString(home.resolve("release"), "JAVA_VERSION=\"" + version + ".0.1\"\n");
        Path java = Files.createDirectories(home.resolve("bin")).resolve("java");
        Files.writeString(java, """
                #!/usr/bin/env bash
                echo "%s ran"
                for a in "$@"; do echo "arg[$a]"; done
                """.formatted(name));
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        return java;
    }

    private Path layout() throws IOException {
        Path bin = Files.createDirectories(dir.resolve("app").resolve("bin"));
        Files.createDirectories(dir.resolve("app").resolve("lib"));
        Path launcher = bin.resolve("dio-lab");
        Files.copy(Path.of("src/main/dist/dio-lab"), launcher);
        Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwxr-xr-x"));
        return launcher;
    }

    private String run(Path launcher, String javaEnv, String options, String javaOpts) throws Exception {
        return run(launcher, javaEnv, options, javaOpts, "off", "export", "x");
    }

    private String run(Path launcher, String javaEnv, String options, String javaOpts, String aot, String... args)
            throws Exception {
        java.util.List<String> command = new java.util.ArrayList<>(java.util.List.of(launcher.toString()));
        command.addAll(java.util.List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().remove("JAVA_HOME");
        pb.environment().remove("DIO_LAB_JAVA_OPTS");
        pb.environment().remove("DIO_LAB_LIGHT");
        pb.environment().put("PATH", dir.resolve("jdk17").resolve("bin") + ":/usr/bin:/bin");
        pb.environment().put("DIO_LAB_AOT", aot);
        if (javaEnv != null) {
            pb.environment().put(Relaunch.JAVA_ENV, javaEnv);
        }
        if (options != null) {
            pb.environment().put(Relaunch.OPTIONS_ENV, options);
        }
        if (javaOpts != null) {
            pb.environment().put("DIO_LAB_JAVA_OPTS", javaOpts);
        }
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        return out;
    }

    @Test
    void itRunsTheJavaItIsGivenWithTheOptionsItIsGiven() throws Exception {
        fakeJdk("jdk17", 17);
        Path jdk25 = fakeJdk("jdk25", 25);
        String out = run(layout(), jdk25.toString(), "-Ddio-lab.preferences=memory\n-Dname=two words\n", "-Xmx1g");
        assertThat(out).startsWith("jdk25 ran\n").doesNotContain("jdk17").doesNotContain("needs Java 25");
        assertThat(out)
                // The app's 64 MiB initial heap first, so an option the user passes still has the last word.
                .contains("arg[-XX:InitialHeapSize=64m]\narg[-Xmx1g]\narg[-Ddio-lab.preferences=memory]\n"
                        + "arg[-Dname=two words]\narg[--module-path]")
                .contains("arg[org.diolab.Main]\narg[export]\narg[x]\n");
    }

    @Test
    void theLightCommandsRunWithoutJavaFxOnTheirOwnCacheAndTheRestOnTheApps() throws Exception {
        fakeJdk("jdk17", 17);
        Path jdk25 = fakeJdk("jdk25", 25);
        Path launcher = layout();
        Path lib = launcher.getParent().getParent().resolve("lib");
        Files.writeString(lib.resolve("dio-lab.aot"), "app");
        Files.writeString(lib.resolve("dio-lab-cli.aot"), "light");
        Files.writeString(lib.resolve("b.jar"), "");
        Files.writeString(lib.resolve("a.jar"), "");
        Files.writeString(lib.resolve("dio-lab-app.jar"), "");
        String cp =
                "arg[" + lib.resolve("a.jar") + ":" + lib.resolve("b.jar") + ":" + lib.resolve("dio-lab-app.jar") + "]";

        String lessons = run(launcher, jdk25.toString(), null, null, "use", "lessons");
        assertThat(lessons)
                .contains("arg[-XX:AOTCache=" + lib.resolve("dio-lab-cli.aot") + "]")
                .contains("arg[-Ddio-lab.light=true]\narg[-cp]\narg[" + lib.resolve("dio-lab-app.jar")
                        + "]\narg[org.diolab.cli.CliMain]\narg[lessons]\n")
                .doesNotContain("--module-path")
                .doesNotContain("dio-lab.aot]");
        assertThat(run(launcher, jdk25.toString(), null, null, "use", "--version"))
                .contains("arg[-XX:AOTCache=" + lib.resolve("dio-lab-cli.aot") + "]");

        String listFolder = run(launcher, jdk25.toString(), null, null, "use", "lessons", "--lessons", "mine");
        assertThat(listFolder)
                .contains("arg[-XX:AOTCache=" + lib.resolve("dio-lab.aot") + "]")
                .contains("arg[--module-path]")
                .contains(cp + "\narg[org.diolab.Main]\narg[lessons]\narg[--lessons]\narg[mine]\n");
    }

    @Test
    void aLightRunThatCannotAnswerHandsTheCommandToTheFullOne() throws Exception {
        fakeJdk("jdk17", 17);
        Path jdk25 = fakeJdk("jdk25", 25);
        // This java gives up on the light class path, as the real one does when no listing is kept yet.
        Files.writeString(jdk25, """
                #!/usr/bin/env bash
                for a in "$@"; do echo "arg[$a]"; done
                for a in "$@"; do if [ "$a" = -Ddio-lab.light=true ]; then echo "light gave up"; exit 75; fi; done
                echo "full ran"
                """);
        Path launcher = layout();
        Files.writeString(launcher.getParent().getParent().resolve("lib").resolve("dio-lab.aot"), "app");
        String out = run(launcher, jdk25.toString(), null, null, "use", "lessons");
        assertThat(out.indexOf("light gave up")).isPositive().isLessThan(out.indexOf("arg[--module-path]"));
        assertThat(out).endsWith("arg[org.diolab.Main]\narg[lessons]\nfull ran\n");
    }

    @Test
    void withoutItTheJavaOnThePathIsCheckedAndRefused() throws Exception {
        fakeJdk("jdk17", 17);
        String out = run(layout(), null, null, null);
        assertThat(out).contains("dio-lab: needs Java 25 or newer, but java is Java 17");
    }
}
