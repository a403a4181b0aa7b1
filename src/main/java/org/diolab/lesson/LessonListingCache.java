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
        return cached(codeSource(), cacheDir(), () -> LessonListing.of(LessonLoader.loadBundled()));
    }

    static LessonListing cached(Optional<Path> jar, Optional<Path> dir, Supplier<LessonListing> load) {
        Optional<Path> file = jar.flatMap(j -> dir.flatMap(d -> fileFor(j, d)));
        if (file.isPresent() && Files.isRegularFile(file.get())) {
            try {
                Optional<LessonListing> kept =
                        LessonListing.parse(Files.readString(file.get(), StandardCharsets.UTF_8));
                if (kept.isPresent()) {
                    return kept.get();
                }
            } catch (IOException | RuntimeException e) {
                // unreadable: load as if there were none
            }
        }
        LessonListing listing = load.get();
        if (file.isPresent() && listing.broken().isEmpty()) {
            listing.text().ifPresent(t -> keep(file.get(), t));
        }
        return listing;
    }

    /** The cache file for the lessons inside {@code jar}: named after its path, size and modification time. */
    static Optional<Path> fileFor(Path jar, Path dir) {
        try {
            if (!Files.isRegularFile(jar)) {
                return Optional.empty();
            }
            CRC32 where = new CRC32();
            where.update(jar.toAbsolutePath().toString().getBytes(StandardCharsets.UTF_8));
            String key = Long.toHexString(where.getValue()) + "-" + Long.toHexString(Files.size(jar)) + "-"
                    + Long.toHexString(Files.getLastModifiedTime(jar).toMillis());
            return Optional.of(dir.resolve("lessons-" + key + ".tsv"));
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
