package org.diolab.lesson;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.zip.CRC32;

/**
 * The listing of the bundled lessons, kept between runs: {@code dio-lab lessons} spent nine tenths of its CPU parsing
 * all the lessons in a cold JVM (JFR), to print three fields of each. The bundled lessons live in the jar, so the jar
 * (its path, size and time) is the key of their contents: a new build is a new key. Run from a classes folder (a
 * development build, whose parser may change under the same lessons) nothing is kept.
 *
 * <p>Kept in {@code $XDG_CACHE_HOME/dio-lab} (else {@code ~/.cache/dio-lab}); {@code -Ddio-lab.cache=DIR} puts it
 * elsewhere, {@code -Ddio-lab.cache=off} turns it off. A cache that cannot be read or written is only not used.
 */
public final class LessonListingCache {
    public static final String PROPERTY = "dio-lab.cache";

    private LessonListingCache() {}

    /** The bundled lessons' listing: from the cache when this jar left one, else loaded (and then kept). */
    public static LessonListing bundled() {
        return cached(codeSource(), cacheDir(), new LoadBundled());
    }

    /** The bundled lessons' listing if this jar left one; nothing is parsed. */
    public static Optional<LessonListing> kept() {
        Optional<Path> jar = codeSource();
        Optional<Path> dir = cacheDir();
        Optional<Path> file = jar.isPresent() && dir.isPresent() ? fileFor(jar.get(), dir.get()) : Optional.empty();
        return file.isPresent() ? read(file.get()) : Optional.empty();
    }

    private static Optional<LessonListing> read(Path file) {
        if (Files.isRegularFile(file)) {
            try {
                return LessonListing.parse(Files.readString(file, StandardCharsets.UTF_8));
            } catch (IOException | RuntimeException e) {
                // unreadable: as if there were none
            }
        }
        return Optional.empty();
    }

    /** A class, not a lambda: see {@link #cached}. */
    private static final class LoadBundled implements Supplier<LessonListing> {
        @Override
        public LessonListing get() {
            return LessonListing.of(LessonLoader.loadBundled());
        }
    }

    /**
     * The listing from {@code dir}'s file for {@code jar}, else {@code load}'s (then kept). Written without lambdas,
     * streams or string concatenation: {@code dio-lab lessons} runs on an AOT cache of what this loads, all of which
     * the JVM loads at start.
     */
    static LessonListing cached(Optional<Path> jar, Optional<Path> dir, Supplier<LessonListing> load) {
        Optional<Path> file = jar.isPresent() && dir.isPresent() ? fileFor(jar.get(), dir.get()) : Optional.empty();
        Optional<LessonListing> kept = file.isPresent() ? read(file.get()) : Optional.empty();
        if (kept.isPresent()) {
            return kept.get();
        }
        LessonListing listing = load.get();
        if (file.isPresent() && listing.broken().isEmpty()) {
            listing.text().ifPresent(t -> keep(file.get(), t));
        }
        return listing;
    }

    /**
     * Keeps {@code listing} as if it were this jar's own: the AOT training of the light commands ({@code
     * org.diolab.AotTraining light}) reads a kept listing back without parsing a lesson. Returns the file written,
     * empty when no cache applies. The folder must exist.
     */
    public static Optional<Path> keepStandIn(LessonListing listing) throws IOException {
        Optional<Path> jar = codeSource();
        Optional<Path> dir = cacheDir();
        Optional<Path> file = jar.isPresent() && dir.isPresent() ? fileFor(jar.get(), dir.get()) : Optional.empty();
        if (file.isPresent() && listing.text().isPresent()) {
            // Written straight, not through a temporary file: that would draw a random name generator into the cache.
            Files.writeString(file.get(), listing.text().get(), StandardCharsets.UTF_8);
            return file;
        }
        return Optional.empty();
    }

    /** The cache file for the lessons inside {@code jar}: named after its path, size and modification time. */
    static Optional<Path> fileFor(Path jar, Path dir) {
        try {
            if (!Files.isRegularFile(jar)) {
                return Optional.empty();
            }
            CRC32 where = new CRC32();
            where.update(jar.toAbsolutePath().toString().getBytes(StandardCharsets.UTF_8));
            String name = new StringBuilder("lessons-")
                    .append(Long.toHexString(where.getValue()))
                    .append('-')
                    .append(Long.toHexString(Files.size(jar)))
                    .append('-')
                    .append(Long.toHexString(Files.getLastModifiedTime(jar).toMillis()))
                    .append(".tsv")
                    .toString();
            return Optional.of(dir.resolve(name));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** Written beside and moved in, so that a run never reads half a file. */
    private static void keep(Path file, String text) {
        try {
            Files.createDirectories(file.getParent());
            Path tmp = Files.createTempFile(file.getParent(), "lessons-", ".tmp");
            Files.writeString(tmp, text, StandardCharsets.UTF_8);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | RuntimeException e) {
            // a read-only or full home: the listing is still printed, only not kept
        }
    }

    private static Optional<Path> codeSource() {
        try {
            return Optional.of(Path.of(LessonListingCache.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI()));
        } catch (URISyntaxException | RuntimeException e) {
            return Optional.empty();
        }
    }

    static Optional<Path> cacheDir() {
        String set = System.getProperty(PROPERTY);
        if (set != null) {
            return set.equals("off") ? Optional.empty() : Optional.of(Path.of(set));
        }
        String xdg = System.getenv("XDG_CACHE_HOME");
        if (xdg != null && !xdg.isBlank()) {
            return Optional.of(Path.of(xdg, "dio-lab"));
        }
        String home = System.getProperty("user.home");
        return home == null || home.isBlank() ? Optional.empty() : Optional.of(Path.of(home, ".cache", "dio-lab"));
    }
}
