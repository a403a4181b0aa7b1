package org.diolab;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.diolab.app.DioLabApp;
import org.diolab.cli.CliMain;
import org.diolab.cli.DioLabCli;
import org.diolab.cli.LightCommands;
import org.diolab.lesson.LessonListing;
import org.diolab.lesson.LessonListingCache;

/**
 * The training run behind the AOT cache that {@code mvn package} makes ({@code DIO_LAB_AOT=train} in the launcher):
 * the CLI's everyday commands (a short live run included, so {@code bench} starts from the cache too), then the app
 * until its first lesson is on show. The JVM records the classes this loads and links and the methods it profiles,
 * so later starts find them ready-made. Run headless at package time.
 *
 * <p>With the argument {@code light}, the training of the light commands' own small cache instead ({@code
 * DIO_LAB_AOT=train-light}): {@code lessons} from a kept listing and {@code --version}, nothing else. JDK 25 loads
 * every class of a cache when the JVM starts, so the app's cache (~8,000 classes) made these cost ten bare JVM starts.
 */
public final class AotTraining {
    private AotTraining() {}

    public static void main(String[] args) throws IOException {
        PrintWriter none = new PrintWriter(Writer.nullWriter());
        if (args.length == 1 && args[0].equals("light")) {
            light(none);
            // Last, the way a light command ends (CliMain, System.exit, which logs the exit): that is in the cache too.
            System.setOut(new PrintStream(OutputStream.nullOutputStream()));
            CliMain.main(new String[] {"--version"});
            return;
        }
        DioLabCli.run(none, none, "lessons");
        DioLabCli.run(none, none, "play", "raid1-mirrors-diverge");
        shortLiveRun(none);
        System.setProperty(DioLabApp.QUIT_WHEN_SHOWN, "true");
        System.setProperty("dio-lab.preferences", "memory");
        DioLabApp.launchApp();
        System.exit(0); // as the CLI's commands end (Main), so that what exiting loads is in the cache as well
    }

    /**
     * The light commands as a user runs them every day: the listing read from the cache (a stand-in listing, written
     * where this build's jar would keep its own, so the training parses no lesson), and the version. Whatever this
     * loads, the light commands' cache holds and every start of theirs loads, so it does nothing else: a plain
     * folder name (a temporary one would draw in a random name generator), no streams.
     */
    private static void light(PrintWriter none) throws IOException {
        Path dir = Path.of(System.getProperty("java.io.tmpdir"))
                .resolve("dio-lab-aot-".concat(Long.toString(System.nanoTime())));
        Files.createDirectories(dir);
        String before = System.getProperty(LessonListingCache.PROPERTY);
        Optional<Path> kept = Optional.empty();
        try {
            System.setProperty(LessonListingCache.PROPERTY, dir.toString());
            kept = LessonListingCache.keepStandIn(
                    new LessonListing(List.of(new LessonListing.Row("a-lesson", "S001", "A lesson")), List.of()));
            LightCommands.run(none, none, "lessons");
            LightCommands.run(none, none, "--version");
            System.getenv("XDG_CACHE_HOME"); // where a user's listing is kept when the property is not set
        } finally {
            if (before == null) {
                System.clearProperty(LessonListingCache.PROPERTY);
            } else {
                System.setProperty(LessonListingCache.PROPERTY, before);
            }
            if (kept.isPresent()) {
                Files.deleteIfExists(kept.get());
            }
            Files.deleteIfExists(dir);
        }
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
