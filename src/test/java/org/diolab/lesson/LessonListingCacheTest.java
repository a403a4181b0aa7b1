package org.diolab.lesson;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LessonListingCacheTest {
    private static final LessonListing LISTING = new LessonListing(
            List.of(
                    new LessonListing.Row("raid1-mirrors-diverge", "S003", "RAID1 mirrors diverge"),
                    new LessonListing.Row("two-dios-one-page", "S000, S003", "Two DIOs, one page")),
            List.of());

    @TempDir
    Path tmp;

    @Test
    void theBundledListingIsTheLibrarysOwn() {
        LessonLibrary lib = LessonLoader.loadBundled();
        LessonListing listing = LessonListing.of(lib);
        assertThat(listing.lessons()).extracting(LessonListing.Row::id).isEqualTo(lib.ids());
        assertThat(listing.lessons())
                .contains(new LessonListing.Row(
                        "raid1-mirrors-diverge", "S003", "RAID1 mirrors diverge under zero-copy direct I/O"));
        assertThat(LessonListing.parse(listing.text().orElseThrow())).contains(listing);
    }

    @Test
    void aSecondRunReadsTheKeptListingAndANewJarLoadsAgain() throws Exception {
        Path jar = Files.writeString(tmp.resolve("dio-lab-app.jar"), "classes and lessons");
        AtomicInteger loads = new AtomicInteger();
        Optional<Path> dir = Optional.of(tmp.resolve("cache"));
        assertThat(LessonListingCache.cached(Optional.of(jar), dir, () -> count(loads)))
                .isEqualTo(LISTING);
        assertThat(LessonListingCache.cached(Optional.of(jar), dir, () -> count(loads)))
                .isEqualTo(LISTING);
        assertThat(loads).hasValue(1);

        Files.setLastModifiedTime(
                jar, FileTime.fromMillis(Files.getLastModifiedTime(jar).toMillis() + 5_000));
        LessonListingCache.cached(Optional.of(jar), dir, () -> count(loads));
        assertThat(loads).hasValue(2);
    }

    @Test
    void aDamagedCacheOrAClassesFolderMeansLoading() throws Exception {
        Path jar = Files.writeString(tmp.resolve("dio-lab-app.jar"), "classes and lessons");
        Path dir = tmp.resolve("cache");
        Path file = LessonListingCache.fileFor(jar, dir).orElseThrow();
        Files.createDirectories(dir);
        Files.writeString(file, "not\ta listing\n");
        AtomicInteger loads = new AtomicInteger();
        assertThat(LessonListingCache.cached(Optional.of(jar), Optional.of(dir), () -> count(loads)))
                .isEqualTo(LISTING);
        assertThat(LessonListing.parse(Files.readString(file))).contains(LISTING);

        assertThat(LessonListingCache.fileFor(tmp, dir)).isEmpty();
        LessonListingCache.cached(Optional.of(tmp), Optional.of(dir), () -> count(loads));
        assertThat(loads).hasValue(2);
    }

    @Test
    void aListingWithBrokenFilesOrTabsIsNotKept() throws Exception {
        Path jar = Files.writeString(tmp.resolve("dio-lab-app.jar"), "classes and lessons");
        Path dir = tmp.resolve("cache");
        LessonListing broken = new LessonListing(LISTING.lessons(), List.of("x.yaml:1:1: bad — fix it"));
        LessonListingCache.cached(Optional.of(jar), Optional.of(dir), () -> broken);
        assertThat(dir).doesNotExist();
        LessonListing tabbed = new LessonListing(List.of(new LessonListing.Row("a", "S0", "tab\there")), List.of());
        assertThat(tabbed.text()).isEmpty();
    }

    private static LessonListing count(AtomicInteger loads) {
        loads.incrementAndGet();
        return LISTING;
    }
}
