package org.diolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** {@code dio-lab glossary [TERM]}: every term, or one with its definition, source and the lessons that use it. */
class GlossaryCommandTest {
    @TempDir
    Path dir;

    @Test
    void withoutATermItListsEveryTermWithItsFirstSentence() {
        CliRun r = CliTest.run("glossary");
        assertThat(r.code()).isZero();
        assertThat(r.out())
                .containsPattern("(?m)^bi_iter +A bio's position in its bvecs \\(a struct bvec_iter: sector, bytes"
                        + " left, index\\)\\.$")
                .containsPattern("(?m)^FOLL_PIN +The flag that makes get_user_pages take a pin")
                .containsPattern("\\d{3} terms; 'dio-lab glossary TERM' shows one");
        // alphabetical, case aside
        assertThat(r.out().indexOf("\nbio ")).isLessThan(r.out().indexOf("\nbvec "));
    }

    @Test
    void oneTermShowsItsDefinitionSourceAndTheLessonsThatUseIt() {
        CliRun r = CliTest.run("glossary", "bvec_iter");
        assertThat(r.code()).isZero();
        assertThat(r.out())
                .startsWith("bi_iter  (also: bvec_iter, struct bvec_iter, bio.bi_iter,")
                .contains("  A bio's position in its bvecs")
                .contains("  source:  include/linux/bvec.h, Documentation/block/biovecs.rst\n")
                .contains("  see:     bio, csum_saved_iter\n")
                .containsPattern("  lessons: [a-z0-9, -]*async-csum-pipelining");
    }

    @Test
    void aTermOfSeveralWordsAndAStepLabelSpellingAreFound() {
        assertThat(CliTest.run("glossary", "page", "cache").out()).startsWith("page cache  (also: page-cache");
        assertThat(CliTest.run("glossary", "end-io").out())
                .startsWith("end_io  (also:")
                .contains("  steps:   end-io\n");
    }

    @Test
    void anUnknownTermIsAOneLineErrorNamingTheNearestTerms() {
        CliRun r = CliTest.run("glossary", "bi_itr");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.err().strip())
                .doesNotContain("\n")
                .startsWith("dio-lab: unknown term 'bi_itr'; nearest: bi_iter")
                .endsWith("('dio-lab glossary' lists every term)");
    }

    @Test
    void jsonGivesOneEntryOrAllOfThem() {
        CliRun one = CliTest.run("glossary", "FOLL_PIN", "--format", "json");
        assertThat(one.code()).isZero();
        JsonNode e = TraceJson.MAPPER.readTree(one.out());
        assertThat(e.propertyNames())
                .containsExactly("term", "aliases", "definition", "sources", "see", "steps", "lessons");
        assertThat(e.get("term").asString()).isEqualTo("FOLL_PIN");
        assertThat(e.get("sources").get(0).asString()).isEqualTo("Documentation/core-api/pin_user_pages.rst");
        assertThat(e.get("lessons").valueStream().map(JsonNode::asString).toList())
                .contains("pin-is-not-a-lock");

        JsonNode all = TraceJson.MAPPER.readTree(
                CliTest.run("glossary", "--format", "json").out());
        assertThat(all.size()).isGreaterThanOrEqualTo(100);
        List<String> terms =
                all.valueStream().map(x -> x.get("term").asString()).toList();
        assertThat(terms).contains("bio", "md-raid1", "write-intent bitmap");
    }

    @Test
    void aFolderWithItsOwnGlossaryUsesIt() throws IOException {
        Path sources = Files.createDirectories(dir.resolve("sources"));
        Files.writeString(sources.resolve("glossary.yaml"), """
                - term: widget
                  says: A thing of this folder.
                  source: include/linux/fs.h
                """);
        CliRun r = CliTest.run("glossary", "--lessons", dir.toString());
        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("widget  A thing of this folder.").contains("1 terms;");
    }

    @Test
    void checkValidatesTheBundledGlossaryAndAFoldersOwn() throws IOException {
        assertThat(CliTest.run("check").out()).doesNotContain("glossary problem");
        Path sources = Files.createDirectories(dir.resolve("sources"));
        Path g = sources.resolve("glossary.yaml");
        Files.writeString(g, "- term: widget\n  says: A thing.\n");
        CliRun r = CliTest.run("check", dir.toString());
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.out())
                .contains(g + ":1:3: the entry 'widget' cites no source")
                .contains(", 1 glossary problem(s)");
    }
}
