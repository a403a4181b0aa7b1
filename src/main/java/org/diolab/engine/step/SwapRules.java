package org.diolab.engine.step;

/**
 * How reclaim treats anonymous pages that go to swap (S003, David Hildenbrand): the precedent for stable pages.
 */
public enum SwapRules {
    /**
     * pageout() writes a folio only when it is unmapped with no unexpected references or pins, and do_swap_page()
     * reuses a folio only if the swap device lacks SWP_STABLE_WRITES; otherwise a fault copies it.
     */
    STABLE,
    /** Broken on purpose: write out whatever is there, pinned or not, and let a fault reuse the folio. */
    REUSE
}
