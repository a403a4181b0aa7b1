package org.diolab.engine.step;

import java.util.List;
import org.diolab.engine.model.BioOp;

/**
 * One atomic kernel or user micro-step of a thread actor. Every instruction is an interleaving point: between any two
 * of them another actor (a device's DMA, another thread) may run.
 *
 * <p>{@link #label()} is the short kebab-case name lessons use to schedule and narrate steps.
 */
public sealed interface Instr {
    String label();

    /** pin_user_pages(FOLL_PIN): iomap takes a pin on each user page it will hand to the device. */
    record Pin(List<String> pages) implements Instr {
        public String label() {
            return "pin";
        }
    }

    /** unpin_user_pages() at completion. */
    record Unpin(List<String> pages) implements Instr {
        public String label() {
            return "unpin";
        }
    }

    /** Allocate kernel pages of the given ids to bounce through. */
    record AllocBounce(List<String> pages) implements Instr {
        public String label() {
            return "alloc-bounce";
        }
    }

    /** Copy user pages into bounce pages, pairwise: what a write does before submission. */
    record BounceCopy(List<String> from, List<String> to) implements Instr {
        public String label() {
            return "bounce-copy";
        }
    }

    /** Copy bounce pages back into user pages, pairwise: what a bounced read does at end_io. */
    record CopyBack(List<String> from, List<String> to) implements Instr {
        public String label() {
            return "copy-back";
        }
    }

    /** Build a bio whose bvecs point at {@code pages}; {@code target} is the volume for writes, a leg for reads. */
    record BuildBio(String bio, BioOp op, List<String> pages, int block, String target) implements Instr {
        public String label() {
            return "build-bio";
        }
    }

    /** Compute the data checksum of each block of a write bio from the pages its bvecs point at, now. */
    record ComputeCsum(String bio) implements Instr {
        public String label() {
            return "csum";
        }
    }

    /** Submit: a write is cloned to every leg (clones share the bvecs), a read goes to its one leg. */
    record SubmitBio(String bio) implements Instr {
        public String label() {
            return "submit";
        }
    }

    /** Sleep until every clone of the bio completed, then run its end_io. */
    record AwaitBio(String bio) implements Instr {
        public String label() {
            return "end-io";
        }
    }

    /** Return kernel pages to the allocator. */
    record FreePages(List<String> pages) implements Instr {
        public String label() {
            return "free-bounce";
        }
    }

    /** A user thread writes new bytes into its own memory: a plain CPU store, which no pin prevents. */
    record Store(String page, String bytes) implements Instr {
        public String label() {
            return "store";
        }
    }
}
