package org.diolab.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;
import org.diolab.lesson.LessonListing;
import org.diolab.lesson.LessonListingCache;

/**
 * The light commands, answered without picocli: {@code lessons} alone (the listing kept between runs) and the version.
 * Building a command's model from its annotations (reflection, annotation proxies) was most of what was left of the
 * bare listing's start-up once the listing was kept (JFR), and picocli's classes (class files of Java 5) cannot go
 * into an AOT cache, nor can any class built on them, such as {@link TopLevelErrors} (made here only on an error) or
 * {@link DioLabCli}. So this class loads none of them (the debug switch's name is a constant): the launchers start these commands on a small cache of their
 * own, trained on this class alone.
 */
public final class LightCommands {
    private LightCommands() {}

    /** Whether {@code args} are a light command. */
    public static boolean handles(String... args) {
        return args.length == 1 && List.of("lessons", "--version", "-V").contains(args[0]);
    }

    /**
     * {@code -Ddio-lab.light=true}: started by a launcher on the light commands' own class path (the app's jar alone:
     * each jar on a class path costs every start a few milliseconds), which answers only the everyday case and leaves
     * the rest to the full one: no listing kept yet (reading the lessons needs the other jars), or an error.
     */
    public static final String ON_LIGHT_PATH = "dio-lab.light";

    /** What a run on the light class path returns when the launcher is to run the command again the usual way. */
    public static final int RUN_IN_FULL = 75;

    /** Runs the light command {@code args}; returns the exit code. */
    public static int run(PrintWriter out, PrintWriter err, String... args) {
        boolean lightPath = Boolean.getBoolean(ON_LIGHT_PATH);
        try {
            if (args[0].equals("lessons")) {
                Optional<LessonListing> kept = lightPath ? LessonListingCache.kept() : Optional.empty();
                if (lightPath && kept.isEmpty()) {
                    return RUN_IN_FULL;
                }
                print(kept.isPresent() ? kept.get() : LessonListingCache.bundled(), out, err);
            } else {
                out.println(version()); // what picocli prints for --version (VersionProvider)
            }
            return 0;
        } catch (RuntimeException | Error e) {
            if (lightPath) {
                return RUN_IN_FULL; // the full run says what is wrong (TopLevelErrors needs picocli)
            }
            return new TopLevelErrors("1".equals(System.getenv(DioLabCli.DEBUG_ENV))).handle(e, err);
        } finally {
            out.flush();
            err.flush();
        }
    }

    /** "DIO Lab 0.1.0 (Java 25.0.3+9-LTS)": the version from the jar manifest, or "dev" when run from classes. */
    static String version() {
        String v = LightCommands.class.getPackage().getImplementationVersion();
        return new StringBuilder("DIO Lab ")
                .append(v == null ? "dev" : v)
                .append(" (Java ")
                .append(Runtime.version())
                .append(')')
                .toString();
    }

    /**
     * The listing, columns aligned; broken files on {@code err}. Plain loops and a builder, not streams, lambdas or
     * {@code printf}: each of those loads classes of its own, and a light command's cache loads all it holds at start.
     */
    static void print(LessonListing listing, PrintWriter out, PrintWriter err) {
        int w = 10;
        int s = 4;
        if (!listing.lessons().isEmpty()) {
            w = 0;
            s = 0;
            for (LessonListing.Row l : listing.lessons()) {
                w = Math.max(w, l.id().length());
                s = Math.max(s, l.seeds().length());
            }
        }
        StringBuilder sb = new StringBuilder();
        String eol = System.lineSeparator();
        for (LessonListing.Row l : listing.lessons()) {
            padded(sb, l.id(), w).append("  ");
            padded(sb, l.seeds(), s).append("  ").append(l.title()).append(eol);
        }
        out.print(sb);
        for (String b : listing.broken()) {
            err.println("broken: ".concat(b));
        }
    }

    private static StringBuilder padded(StringBuilder sb, String text, int width) {
        sb.append(text);
        for (int i = text.length(); i < width; i++) {
            sb.append(' ');
        }
        return sb;
    }
}
