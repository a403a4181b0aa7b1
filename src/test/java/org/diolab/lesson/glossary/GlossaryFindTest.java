package org.diolab.lesson.glossary;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Finding glossary terms in running text: longest name, word boundaries, aliases, case rules for identifiers. */
class GlossaryFindTest {
    private static final Glossary G = Glossary.parse("test.yaml", """
                    - term: bio
                      aliases: [struct bio]
                      says: The unit of block I/O.
                      source: include/linux/blk_types.h
                      steps: [build-bio]
                    - term: bi_iter
                      aliases: [bio.bi_iter, bvec_iter]
                      says: Where the bio is.
                      source: include/linux/bvec.h
                    - term: page cache
                      aliases: [page-cache]
                      says: Cached file data.
                      source: mm/filemap.c
                    - term: page
                      says: Memory.
                      source: include/linux/mm_types.h
                    - term: DMA
                      aliases: [dma]
                      says: A device moves the data.
                      source: Documentation/core-api/dma-api-howto.rst
                      steps: [dma]
                    - term: folio_wait_stable()
                      says: Waits.
                      source: mm/page-writeback.c
                    - term: O_DIRECT
                      aliases: [direct I/O]
                      says: No page cache.
                      source: include/uapi/asm-generic/fcntl.h
                    - term: RAID1
                      aliases: [raid1, mirror]
                      says: Two copies.
                      source: fs/btrfs/volumes.c
                    - term: leg
                      says: One of the copies.
                      source: fs/btrfs/volumes.c
                    - term: btrfs
                      says: A filesystem.
                      source: fs/btrfs/super.c
                    - term: md-raid1
                      aliases: [md]
                      says: Mirrors.
                      source: drivers/md/raid1.c
                    """, Set.of()).glossary();

    private static List<String> found(String text) {
        return G.find(text).stream()
                .map(s -> s.in(text) + "=" + s.entry().term())
                .toList();
    }

    @Test
    void theLongestNameWinsAndSpansDoNotOverlap() {
        assertThat(found("The page cache holds a page; bio.bi_iter moves."))
                .containsExactly("page cache=page cache", "page=page", "bio.bi_iter=bi_iter");
        assertThat(G.find("x bio.bi_iter").getFirst()).satisfies(s -> {
            assertThat(s.start()).isEqualTo(2);
            assertThat(s.end()).isEqualTo(13);
        });
    }

    @Test
    void namesMatchOnlyAsWholeWords() {
        assertThat(found("biography, a bios list, subio, bio_x, bio2")).containsExactly("bios=bio");
        assertThat(found("pages and page-cache folios")).containsExactly("pages=page", "page-cache=page cache");
    }

    @Test
    void plainNamesIgnoreCaseButIdentifiersAndAcronymsMustMatchExactly() {
        assertThat(found("Page Cache and PAGE")).containsExactly("Page Cache=page cache", "PAGE=page");
        assertThat(found("o_direct, O_Direct, O_DIRECT")).containsExactly("O_DIRECT=O_DIRECT");
        assertThat(found("Bi_iter, BI_ITER, bi_iter")).containsExactly("bi_iter=bi_iter");
        // DMA is an acronym: written DMA; its lower-case alias accepts any case, as a label 'dma' is written
        assertThat(found("DMAs, the dma, Dma")).containsExactly("DMAs=DMA", "dma=DMA", "Dma=DMA");
        // a phrase may start a sentence; the rest of it keeps its case
        assertThat(found("Direct I/O and direct i/o")).containsExactly("Direct I/O=O_DIRECT");
    }

    @Test
    void aFunctionsParenthesesBelongToItsSpanAndLineBreaksMatchASpace() {
        assertThat(found("calls folio_wait_stable() first")).containsExactly("folio_wait_stable()=folio_wait_stable()");
        assertThat(found("folio_wait_stable.")).containsExactly("folio_wait_stable=folio_wait_stable()");
        assertThat(found("the page\n   cache")).containsExactly("page\n   cache=page cache");
        assertThat(found("struct  bio")).containsExactly("struct  bio=bio");
    }

    @Test
    void theExtensionOfAFileNameInCapitalsIsNotAWordButAStepsLabelIs() {
        assertThat(found("see FACTS.md and md's bitmap")).containsExactly("md=md-raid1");
        assertThat(found("leg0.dma → app.build-bio")).containsExactly("dma=DMA", "build-bio=bio");
    }

    /** Seen on the real window: "raid1-mirrors-diverge" had raid1 and mirrors underlined, "two-leg" had leg. */
    @Test
    void wordsJoinedByAHyphenOrASlashAreOneIdOrPathNotProse() {
        assertThat(found("Open raid1-mirrors-diverge first: a two-leg md mirror, each leg"))
                .containsExactly("md=md-raid1", "mirror=RAID1", "leg=leg");
        assertThat(found("see drivers/md/raid1.c, fs/btrfs/inode.c and btrfs")).containsExactly("btrfs=btrfs");
        // the whole compound may be a name; an identifier or an acronym is one wherever it is written
        assertThat(found("page-cache folios, page-cache-backed, bio->bi_iter-based, DMA-pinned, RAID1/raid1"))
                .containsExactly("page-cache=page cache", "bio=bio", "bi_iter=bi_iter", "DMA=DMA", "RAID1=RAID1");
        assertThat(found("a bio-based driver; -EIO, the md")).containsExactly("md=md-raid1");
    }

    @Test
    void lookupByAnyNameAndForStepByLabel() {
        assertThat(G.lookup("bvec_iter").map(GlossaryEntry::term)).contains("bi_iter");
        assertThat(G.lookup("folio_wait_stable").map(GlossaryEntry::term)).contains("folio_wait_stable()");
        assertThat(G.lookup("  Page Cache ").map(GlossaryEntry::term)).contains("page cache");
        assertThat(G.lookup("o_direct").map(GlossaryEntry::term)).contains("O_DIRECT"); // any case, as a last resort
        assertThat(G.lookup("bio page")).isEmpty();
        assertThat(G.lookup("")).isEmpty();
        assertThat(G.forStep("dma").map(GlossaryEntry::term)).contains("DMA");
        assertThat(G.forStep("build-bio").map(GlossaryEntry::term)).contains("bio");
        assertThat(G.forStep("return")).isEmpty();
    }

    @Test
    void nearestNamesTheTermsAStudentMeant() {
        assertThat(G.nearest("bi_itr", 3)).startsWith("bi_iter");
        assertThat(G.nearest("cache", 3)).startsWith("page cache");
        assertThat(G.nearest("zzzzzzzzzz", 3)).isEmpty();
    }

    @Test
    void nothingIsFoundInNothing() {
        assertThat(G.find("")).isEmpty();
        assertThat(G.find(null)).isEmpty();
        assertThat(found("... -- ()")).isEmpty();
    }
}
