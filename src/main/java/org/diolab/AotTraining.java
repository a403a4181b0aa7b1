package org.diolab;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import org.diolab.app.DioLabApp;
import org.diolab.cli.DioLabCli;

/**
 * The training run behind the AOT cache that {@code mvn package} makes ({@code DIO_LAB_AOT=train} in the launcher):
 * the CLI's everyday commands (a short live run included, so {@code bench} starts from the cache too), then the app
 * until its first lesson is on show. The JVM records the classes this loads and links and the methods it profiles,
 * so later starts find them ready-made. Run headless at package time.
 */
public final class AotTraining {
    private AotTraining() {}

    public static void main(String[] args) throws IOException {
        PrintWriter none = new PrintWriter(Writer.nullWriter());
        DioLabCli.run(none, none, "lessons");
        DioLabCli.run(none, none, "play", "raid1-mirrors-diverge");
        shortLiveRun(none);
        System.setProperty(DioLabApp.QUIT_WHEN_SHOWN, "true");
        System.setProperty("dio-lab.preferences", "memory");
        DioLabApp.launchApp();
    }

    /**
     * A 200 ms job in a directory of its own under the temporary directory, removed afterwards. Where the live
     * engine refuses that directory (tmpfs has no O_DIRECT) the run is refused and the cache simply lacks it.
     */
    private static void shortLiveRun(PrintWriter none) throws IOException {
        Path dir = Files.createTempDirectory("dio-lab-aot-");
        try {
            DioLabCli.run(
                    none,
                    none,
                    "bench",
                    "--dir",
                    dir.toString(),
                    "--rw",
                    "randrw",
                    "--bs",
                    "64k",
                    "--size",
                    "8m",
                    "--runtime",
                    "200ms",
                    "--no-progress");
        } finally {
            try {
                Files.deleteIfExists(dir);
            } catch (IOException e) {
                // the run removes its own files and says so when it cannot; training goes on either way
            }
        }
    }
}
