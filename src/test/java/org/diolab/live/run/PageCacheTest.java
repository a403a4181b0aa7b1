package org.diolab.live.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import org.diolab.live.LiveTestSupport;
import org.diolab.live.job.JobSpec;
import org.diolab.live.job.LiveRefusal;
import org.diolab.live.job.Mode;
import org.diolab.live.job.RwPattern;
import org.diolab.live.probe.CacheResidency;
import org.diolab.live.probe.PageCache;
import org.diolab.live.report.JobResult;
import org.diolab.live.scratch.ScratchDir;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What each mode leaves in the page cache, read with cachestat (or mincore): buffered I/O keeps the pages,
 * O_DIRECT never brings them in, RWF_DONTCACHE reads bring them in and drop them again.
 */
class PageCacheTest {
    @TempDir
    Path dir;

    private JobResult write(Mode mode) {
        // Write jobs overwrite laid-out blocks, as fio's second run does.
        return LiveTestSupport.run(
                dir,
                JobSpec.builder()
                        .name("pc-" + mode.cliName())
                        .rw(RwPattern.WRITE)
                        .bs(256 << 10)
                        .size(8 << 20)
                        .mode(mode)
                        .build());
    }

    private JobResult read(Mode mode) {
        return LiveTestSupport.run(
                dir,
                JobSpec.builder()
                        .name("pc-" + mode.cliName())
                        .rw(RwPattern.READ)
                        .bs(256 << 10)
                        .size(8 << 20)
                        .mode(mode)
                        .build());
    }

    @Test
    void bufferedWritesKeepTheirPagesDirectWritesNeverBringThemIn() {
        // (RWF_DONTCACHE writes are not asserted: over written blocks, ext4 on 6.18 completes their writeback in
        // interrupt context, where folio_end_dropbehind_write() skips the drop because !in_task(), so they stay
        // cached; into unwritten extents the conversion runs in a task and they go. The engine reports either.)
        JobResult buffered = write(Mode.BUFFERED);
        assumeTrue(buffered.cache().known(), "neither cachestat nor mincore works here");
        assertThat(buffered.cache().totalPages()).isEqualTo(2048);
        assertThat(buffered.cache().fraction()).isGreaterThan(0.9);
        assertThat(write(Mode.DIRECT).cache().cachedPages()).isZero();
    }

    @Test
    void bufferedKeepsDontcacheDropsOnRead() {
        JobResult buffered = read(Mode.BUFFERED);
        assumeTrue(buffered.cache().known(), "neither cachestat nor mincore works here");
        assertThat(buffered.cache().fraction()).isGreaterThan(0.9);
        assertThat(read(Mode.DIRECT).cache().cachedPages()).isZero();
        JobResult dontcache = dontcacheOrSkip(() -> read(Mode.DONTCACHE));
        assertThat(dontcache.cache().fraction()).isLessThan(0.1);
    }

    private static JobResult dontcacheOrSkip(java.util.function.Supplier<JobResult> job) {
        try {
            return job.get();
        } catch (LiveRefusal e) {
            assumeTrue(e.reason() != LiveRefusal.Reason.UNSUPPORTED_FLAG, "no RWF_DONTCACHE here: " + e.getMessage());
            throw e;
        }
    }

    @Test
    void cachestatAndMincoreAgree() throws Exception {
        try (ScratchDir s = ScratchDir.open(dir);
                java.lang.foreign.Arena a = java.lang.foreign.Arena.ofConfined()) {
            Path f = s.file("pc");
            var buf = a.allocate(1 << 20, 4096);
            try (IoTarget t = IoTarget.open(f, Mode.BUFFERED, false)) {
                t.write(buf, 0);
                t.write(buf, 3 << 20); // a hole between: 1 MiB cached, 2 MiB not, 1 MiB cached
                t.sync(); // fadvise drops clean pages only
            }
            try (org.diolab.sys.Fd fd = s.scratchFile(f).open(false, false)) {
                CacheResidency viaDefault = PageCache.residency(fd);
                CacheResidency viaMincore = PageCache.residencyViaMincore(fd);
                assumeTrue(viaMincore.known(), "mincore unavailable");
                assertThat(viaMincore.cachedPages()).isEqualTo(512);
                assertThat(viaDefault.cachedPages()).isEqualTo(512);
                PageCache.drop(fd);
                assertThat(PageCache.residency(fd).cachedPages()).isZero();
            }
        }
    }
}
