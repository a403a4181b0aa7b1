package org.diolab.engine.op;

import java.util.List;

/**
 * What an actor asks for, before the policy decides how the kernel carries it out. {@link Expander} turns each
 * operation into micro-steps.
 */
public sealed interface Operation {
    /** The kebab/snake name lessons use for this operation. */
    String name();

    /** An O_DIRECT write of {@code pages} to the file's blocks starting at {@code block}. */
    record DioWrite(String bio, List<String> pages, int block) implements Operation {
        public DioWrite {
            pages = List.copyOf(pages);
        }

        public String name() {
            return "dio_write";
        }
    }

    /** An O_DIRECT read of blocks starting at {@code block} into {@code pages}, served by mirror leg {@code leg}. */
    record DioRead(String bio, List<String> pages, int block, String leg) implements Operation {
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
}
