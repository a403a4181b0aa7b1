package org.diolab;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code java -jar dio-lab.jar} relaunches through the packaged launcher with this JVM's own binary and options, and
 * does so for the commands that start JavaFX too.
 */
class RelaunchTest {
    @TempDir
    Path dir;

    /** A stand-in launcher that records the java it was told to run, its JVM options and its arguments. */
    private Path recordingLauncher(Path record) throws IOException {
        Path script = dir.resolve("dio-lab").resolve("bin").resolve("dio-lab");
        Files.createDirectories(script.getParent());
        Files.writeString(script, """
                #!/usr/bin/env bash
                { echo "java=${DIO_LAB_JAVA:-}"; echo "options<<"; echo "${DIO_LAB_JVM_OPTIONS:-}"; echo ">>";
                  echo "args=$*"; } > "%s"
                exit 3
                """.formatted(record));
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        return script;
    }

    @Test
    void theChildRunsOnThisJvmsBinaryWithThisJvmsOptions() throws Exception {
        Path record = dir.resolve("record.txt");
        Path launcher = recordingLauncher(record);
        int code = Relaunch.run(launcher, "export", "raid1-mirrors-diverge", "--out", "/tmp/x");
        assertThat(code).as("the child's exit code is passed on").isEqualTo(3);
        String seen = Files.readString(record);
        String self = ProcessHandle.current().info().command().orElseThrow();
        assertThat(seen).contains("java=" + self + "\n");
        assertThat(Path.of(self).getFileName().toString()).isEqualTo("java");
        // surefire starts this JVM with -Dglass.platform=Headless (pom.xml); the child gets it, one option a line
        assertThat(seen).containsPattern("(?m)^-Dglass.platform=Headless$");
        assertThat(seen).containsPattern("(?m)^-D" + Relaunch.MARK + "=true$");
        assertThat(seen).contains("args=export raid1-mirrors-diverge --out /tmp/x\n");
    }

    @Test
    void optionsTheLauncherSetsItselfOrThatWouldClashAreNotPassedOn() {
        assertThat(Relaunch.passedOn(List.of(
                        "-Ddio-lab.preferences=memory",
                        "-Xmx2g",
                        "-Dname=with spaces",
                        "--enable-native-access=ALL-UNNAMED",
                        "-Djava.class.path=x.jar",
                        "-XX:AOTCache=old.aot",
                        "-XX:SharedArchiveFile=a.jsa",
                        "-agentlib:jdwp=transport=dt_socket,server=y,address=5005",
                        "-D" + Relaunch.MARK + "=true",
                        "-Dtwo=lines\nhere")))
                .containsExactly(
                        "-Ddio-lab.preferences=memory",
                        "-Xmx2g",
                        "-Dname=with spaces",
                        "--enable-native-access=ALL-UNNAMED");
    }

    @Test
    void theAppExportAndPresentGoThroughTheLauncherOtherCommandsDoNot() {
        assertThat(Relaunch.needsJavaFx()).isTrue();
        assertThat(Relaunch.needsJavaFx("export", "raid1-mirrors-diverge", "--out", "x"))
                .isTrue();
        assertThat(Relaunch.needsJavaFx("present", "raid1-mirrors-diverge")).isTrue();
        assertThat(Relaunch.needsJavaFx("check")).isFalse();
        assertThat(Relaunch.needsJavaFx("bench", "--dir", "/tmp")).isFalse();
    }

    @Test
    void theLauncherIsFoundOnlyBesideAJar() throws IOException {
        Path record = dir.resolve("record.txt");
        Path launcher = recordingLauncher(record);
        Path jar = Files.writeString(dir.resolve("dio-lab.jar"), "not really");
        assertThat(Relaunch.launcherBeside(jar)).contains(launcher);
        assertThat(Relaunch.launcherBeside(dir)).as("classes from a folder").isEmpty();
        assertThat(Relaunch.launcherBeside(
                        Files.createDirectories(dir.resolve("elsewhere")).resolve("dio-lab.jar")))
                .isEmpty();
    }
}
