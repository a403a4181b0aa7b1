package org.diolab.lesson.glossary;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.diolab.engine.model.PageFlag;
import org.diolab.engine.model.PageKind;
import org.diolab.lesson.Lesson;
import org.diolab.lesson.LessonLoader;
import org.diolab.lesson.LessonProse;
import org.junit.jupiter.api.Test;

/**
 * The bundled glossary is complete: every kernel identifier in every text of every lesson, every step label its lanes
 * show and every name the stage draws has an entry, and every entry is used by some lesson.
 */
class BundledGlossaryTest {
    private static final List<Lesson> LESSONS = LessonLoader.loadBundled().lessons();
    private static final Glossary G = Glossary.bundled();

    /** An identifier or an acronym: {@code bi_iter}, {@code btrfs_bio::end_io()}, {@code FOLL_PIN}, {@code DMA}. */
    private static final Pattern IDENTIFIER =
            Pattern.compile("[A-Za-z_][A-Za-z0-9_]*(?:(?:->|::|\\.)[A-Za-z_][A-Za-z0-9_]*)*(?:\\(\\))?");

    /**
     * Words that look like identifiers and are not kernel terms: the lessons' own names for pages, folios, threads,
     * byte patterns and seeds (matched by {@link #LESSON_NAME}), units and everyday computing words, and the options
     * and job names of the seeds' fio command lines.
     */
    private static final Set<String> NOT_KERNEL_TERMS = Set.of(
            "CPU",
            "RAM",
            "DRAM",
            "SSD",
            "HDD",
            "VM",
            "IO",
            "IOPS",
            "KB",
            "MB",
            "GB",
            "READ",
            "WRITE",
            "HX",
            "P3600",
            "ID",
            "GD11819",
            "time_based",
            "group_reporting",
            "parallel_dio_reads_test");

    /** T1, P0, F8, S003 (names in the lessons) and AAAA, BBBB (the bytes they write). */
    private static final Pattern LESSON_NAME = Pattern.compile("[A-Z][0-9]+|([A-Z])\\1{3}");

    @Test
    void theBundledFileIsValidAndLarge() {
        assertThat(Glossary.bundledFile().problems()).isEmpty();
        assertThat(G.entries()).hasSizeGreaterThanOrEqualTo(100);
        for (GlossaryEntry e : G.entries()) {
            assertThat(e.sources()).as(e.term()).isNotEmpty();
            assertThat(e.definition()).as(e.term()).hasSizeLessThan(420);
        }
    }

    @Test
    void everyIdentifierInEveryLessonTextHasAnEntry() {
        Map<String, String> missing = new TreeMap<>();
        for (Lesson l : LESSONS) {
            for (LessonProse.Passage p : LessonProse.of(l)) {
                List<GlossarySpan> spans = G.find(p.text());
                Matcher m = IDENTIFIER.matcher(p.text());
                while (m.find()) {
                    String w = m.group();
                    if (!identifierLike(w)
                            || NOT_KERNEL_TERMS.contains(w)
                            || LESSON_NAME.matcher(w).matches()) {
                        continue;
                    }
                    int start = m.start();
                    int end = m.end() - (w.endsWith("()") ? 2 : 0);
                    if (spans.stream().noneMatch(s -> s.start() <= start && s.end() >= end)) {
                        missing.putIfAbsent(w, l.id() + " (" + p.where() + ")");
                    }
                }
            }
        }
        assertThat(missing).as("identifiers without a glossary entry").isEmpty();
    }

    private static boolean identifierLike(String w) {
        return w.contains("_")
                || w.contains("->")
                || w.contains("::")
                || w.endsWith("()")
                || w.matches("[A-Z][A-Z0-9]+");
    }

    @Test
    void theTermsTheIssueNamesHaveEntriesThatLessonsUse() {
        GlossaryUsage usage = GlossaryUsage.of(G, LESSONS);
        List<String> required = List.of(
                "bio",
                "bvec",
                "bi_iter",
                "folio",
                "pin",
                "FOLL_PIN",
                "GUP",
                "end_io",
                "kworker",
                "ordered extent",
                "STABLE_WRITES",
                "NODATASUM",
                "RAID1 leg",
                "writeback",
                "i_rwsem",
                "iomap",
                "O_DIRECT",
                "IOCB_NOWAIT",
                "RWF_NOWAIT",
                "RWF_DONTCACHE",
                "bounce buffer",
                "CRC32C",
                "scrub",
                "md-raid1",
                "write-intent bitmap",
                "page cache",
                "dirty",
                "uptodate",
                "DMA",
                "page_mkwrite",
                "folio_wait_stable()",
                "csum_saved_iter",
                "csum_done",
                "dioread_nolock",
                "zero-copy",
                "lazy bounce",
                "protection information");
        List<String> absent = new ArrayList<>();
        for (String t : required) {
            var e = G.lookup(t);
            if (e.isEmpty() || usage.lessons(e.get()).isEmpty()) {
                absent.add(t);
            }
        }
        assertThat(absent)
                .as("required terms without an entry, or used by no lesson")
                .isEmpty();
    }

    @Test
    void whichLessonsUseATermIsComputedFromTheLessons() {
        GlossaryUsage usage = GlossaryUsage.of(G, LESSONS);
        assertThat(usage.lessons(G.lookup("csum_saved_iter").orElseThrow())).containsExactly("async-csum-pipelining");
        assertThat(usage.lessons(G.lookup("i_rwsem").orElseThrow())).contains("ext4-dio-lock-convoy");
        assertThat(usage.lessons(G.lookup("md-raid1").orElseThrow())).contains("writeback-without-stable-writes");
        assertThat(usage.lessons(G.lookup("bio").orElseThrow()))
                .contains("pin-is-not-a-lock", "raid1-mirrors-diverge", "async-csum-pipelining");
        assertThat(usage.terms("pin-is-not-a-lock")).contains("pin", "DMA", "bio");
        assertThat(usage.unused()).as("entries no lesson uses").isEmpty();
    }

    @Test
    void everyStepLabelAndEveryNameTheStageDrawsHasAnEntry() {
        List<String> missing = new ArrayList<>();
        for (Lesson l : LESSONS) {
            for (String label : LessonProse.stepLabels(l)) {
                if (G.forStep(label).isEmpty()) {
                    missing.add(l.id() + ": step " + label);
                }
            }
            for (String label : LessonProse.stageLabels(l)) {
                if (G.find(label).isEmpty()) {
                    missing.add(l.id() + ": stage " + label);
                }
            }
        }
        for (PageFlag f : PageFlag.values()) {
            if (G.lookup(f.label()).isEmpty()) {
                missing.add("flag " + f.label());
            }
        }
        for (PageKind k : PageKind.values()) {
            if (G.find(k.label()).isEmpty()) {
                missing.add("page kind " + k.label());
            }
        }
        assertThat(missing).isEmpty();
    }

    @Test
    void stepLabelsNameTheEntryThatExplainsThem() {
        assertThat(G.forStep("end-io").map(GlossaryEntry::term)).contains("end_io");
        assertThat(G.forStep("dma").map(GlossaryEntry::term)).contains("DMA");
        assertThat(G.forStep("csum-work").map(GlossaryEntry::term)).contains("kworker");
        assertThat(G.forStep("bitmap-set").map(GlossaryEntry::term)).contains("write-intent bitmap");
        assertThat(G.find("app.end-io").getFirst().entry().term()).isEqualTo("end_io");
    }

    @Test
    void findingTermsInEveryLessonTextIsCheap() {
        List<String> texts = new ArrayList<>();
        LESSONS.forEach(l -> LessonProse.of(l).forEach(p -> texts.add(p.text())));
        for (int i = 0; i < 5; i++) {
            texts.forEach(G::find);
        }
        // The thread's own CPU time, not the wall clock: on a loaded machine the test thread waits for a core, and
        // that wait is not the search's cost.
        java.lang.management.ThreadMXBean cpu = java.lang.management.ManagementFactory.getThreadMXBean();
        long start = cpu.getCurrentThreadCpuTime();
        int spans = 0;
        for (String t : texts) {
            spans += G.find(t).size();
        }
        long millis = (cpu.getCurrentThreadCpuTime() - start) / 1_000_000;
        assertThat(spans).isGreaterThan(3000);
        // every text of every lesson: ~9 ms on a loaded 2-core machine; generous, for CI
        assertThat(millis).isLessThan(1000);
    }
}
