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
        ProcessBuilder pb = new ProcessBuilder(launcher.toString(), "export", "x").redirectErrorStream(true);
        pb.environment().remove("JAVA_HOME");
        pb.environment().remove("DIO_LAB_JAVA_OPTS");
        pb.environment().put("PATH", dir.resolve("jdk17").resolve("bin") + ":/usr/bin:/bin");
        pb.environment().put("DIO_LAB_AOT", "off");
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
                .contains("arg[-Xmx1g]\narg[-Ddio-lab.preferences=memory]\narg[-Dname=two words]\narg[--module-path]")
                .contains("arg[org.diolab.Main]\narg[export]\narg[x]\n");
    }

    @Test
    void withoutItTheJavaOnThePathIsCheckedAndRefused() throws Exception {
        fakeJdk("jdk17", 17);
        String out = run(layout(), null, null, null);
        assertThat(out).contains("dio-lab: needs Java 25 or newer, but java is Java 17");
    }
}
