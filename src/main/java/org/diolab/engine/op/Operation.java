package org.diolab.engine.op;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What an actor asks for, before the policy decides how the kernel carries it out. {@link Expander} turns each
 * operation into micro-steps.
 */
public sealed interface Operation {
    /** The snake_case name lessons use for this operation. */
    String name();

    /**
     * An O_DIRECT write of {@code pages} to the file's blocks from {@code block}; {@code nowait}: RWF_NOWAIT.
     *
     * @param extending the write ends past the file's size ({@code null}: decided from the blocks the setup
     *                  declares, the last one ending the file)
     * @param unaligned the write does not start and end on file system block boundaries (partial blocks)
     */
    record DioWrite(
            String bio,
            List<String> pages,
            int block,
            boolean nowait,
            @Nullable Boolean extending,
            boolean unaligned) implements Operation {
        public DioWrite {
            pages = List.copyOf(pages);
        }

        public DioWrite(String bio, List<String> pages, int block, boolean nowait) {
            this(bio, pages, block, nowait, null, false);
        }

        public String name() {
            return "dio_write";
        }
    }

    /** An O_DIRECT read of blocks from {@code block} into {@code pages}, served by mirror leg {@code leg}. */
    record DioRead(String bio, List<String> pages, int block, String leg, boolean nowait) implements Operation {
        public DioRead {
            pages = List.copyOf(pages);
        }

        public String name() {
            return "dio_read";
        }
    }

    /** The application changes its own memory. */
    record Store(String page, String bytes) implements Operation {
        public String name() {
            return "store";
        }
    }

    /** A buffered write(2) of {@code pages} into the page cache from {@code block}; nothing reaches the disk yet. */
    record BufferedWrite(List<String> pages, int block) implements Operation {
        public BufferedWrite {
            pages = List.copyOf(pages);
        }

        public String name() {
            return "buffered_write";
        }
    }

    /** A store through a shared writable mmap of the file, into the folio of {@code block}. */
    record MmapStore(int block, String bytes) implements Operation {
        public String name() {
            return "mmap_store";
        }
    }

    /** The flusher writes the dirty folios of {@code count} blocks from {@code block} back, as bio {@code bio}. */
    record Writeback(String bio, int block, int count) implements Operation {
        public String name() {
            return "writeback";
        }
    }

    /** md's mirror check of {@code block} (echo check &gt; sync_action; mismatch_cnt). */
    record CompareMirrors(int block) implements Operation {
        public String name() {
            return "compare_mirrors";
        }
    }

    /** btrfs scrub of {@code block}: every copy verified against its checksum. */
    record ReadVerify(int block) implements Operation {
        public String name() {
            return "read_verify";
        }
    }

    /** A degraded read of {@code block} from a parity array: rebuilt from the parity and the other data legs. */
    record Rebuild(int block) implements Operation {
        public String name() {
            return "rebuild";
        }
    }

    /** md's resync of {@code block} after an unclean shutdown (only dirty regions, with a write-intent bitmap). */
    record Resync(int block) implements Operation {
        public String name() {
            return "resync";
        }
    }

    /** Reclaim writes anonymous page {@code page} out to swap device {@code device}, as bio {@code bio}. */
    record PageOut(String bio, String page, String device) implements Operation {
        public String name() {
            return "pageout";
        }
    }

    /**
     * {@code op} always handled under {@code policy}, whatever the run's policy: lets a lesson bounce one of two racing
     * I/Os and show that it is not enough (S003, Kara).
     */
    record Pinned(Policy policy, Operation op) implements Operation {
        public String name() {
            return op.name();
        }
    }
}
