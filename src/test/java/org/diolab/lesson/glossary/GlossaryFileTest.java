package org.diolab.lesson.glossary;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.diolab.lesson.Problem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A glossary file is validated as lessons are: every problem at its file:line:column, good entries kept. */
class GlossaryFileTest {
    @TempDir
    Path dir;

    private static GlossaryFile parse(String yaml) {
        return Glossary.parse("g.yaml", yaml, Set.of("003_cf655875e5a3f591.txt"));
    }

    @Test
    void everyProblemIsReportedAtItsPositionAndTheGoodEntriesStay() {
        GlossaryFile f = parse("""
                - term: bio
                  says: The unit of block I/O.
                  source: include/linux/blk_types.h
                - term: bvec
                  sayz: A page, an offset, a length.
                  source: include/linux/bvec.h
                - term: pin
                  says: One. Two. Three.
                  source: [mm/gup.c, 003_cf655875e5a3f59.txt, a book]
                - term: pins
                  aliases: [bio, "(GUP)"]
                  says: Twice.
                  source: https://example.org/pins
                  see: [biio]
                - term: folio
                  says: Pages as a unit.
                """);
        assertThat(f.problems())
                .extracting(Problem::format)
                .containsExactly(
                        "g.yaml:5:3: unknown key 'sayz' in a glossary entry — did you mean 'says'?",
                        "g.yaml:4:3: a glossary entry is missing 'says' — add 'says:' to it",
                        "g.yaml:8:9: 'says' has 3 sentences — one or two sentences: a glossary entry is short",
                        "g.yaml:9:22: seed thread '003_cf655875e5a3f59.txt' is not in sources/ — did you mean"
                                + " '003_cf655875e5a3f591.txt'?",
                        "g.yaml:9:47: 'a book' is not a kernel tree path, a seed thread or an https:// page — e.g."
                                + " include/linux/blk_types.h",
                        "g.yaml:10:9: 'pins' is already a name of the entry 'pin' — a name can stand for one entry only",
                        "g.yaml:11:13: 'bio' is already a name of the entry 'bio' — a name can stand for one entry only",
                        "g.yaml:11:18: '(GUP)' must begin and end with a letter, digit or _ to be found in a text — write the"
                                + " name without the punctuation around it",
                        "g.yaml:15:3: the entry 'folio' cites no source — add 'source:' with the kernel file or document it"
                                + " comes from");
        assertThat(f.glossary().entries()).extracting(GlossaryEntry::term).containsExactly("bio");
    }

    @Test
    void seeMustNameAnEntry() {
        GlossaryFile f = parse("""
                - term: bio
                  says: The unit of block I/O; "e.g. a write" counts once.
                  source: include/linux/blk_types.h
                  see: [bvek]
                - term: bvec
                  says: A page, an offset, a length. After submission it does not change.
                  source: include/linux/bvec.h
                """);
        assertThat(f.problems())
                .extracting(Problem::format)
                .containsExactly("g.yaml:4:9: 'see' names 'bvek', which is no entry's term — did you mean 'bvec'?");
    }

    @Test
    void aFolderWithoutAGlossaryHasAnEmptyOneAndABrokenFileSaysWhere() throws IOException {
        Path sources = Files.createDirectories(dir.resolve("sources"));
        GlossaryFile none = Glossary.load(sources);
        assertThat(none.exists()).isFalse();
        assertThat(none.glossary().entries()).isEmpty();
        Files.writeString(sources.resolve(Glossary.FILE), "- term: [\n");
        GlossaryFile broken = Glossary.load(sources);
        assertThat(broken.exists()).isTrue();
        assertThat(broken.problems())
                .singleElement()
                .satisfies(p -> assertThat(p.format()).startsWith(sources.resolve(Glossary.FILE) + ":"));
    }
}
