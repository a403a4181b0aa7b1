package org.diolab.live.job;

/**
 * What backs the user and bounce buffers. It matters more than one would think: an O_DIRECT request carries one
 * DMA segment per physically contiguous run of pages, and on a virtio disk each segment costs the host work; a
 * 1 MiB buffer of scattered 4 KiB pages can also exceed the queue's {@code max_segments} and be split in two.
 * Measured on this project's VM: 1 MiB sequential direct reads ran at 1.1-2.3 GB/s with 4 KiB pages, depending on
 * where the allocator happened to put them, and at 3.2-3.5 GB/s from one huge page.
 */
public enum BufferMemory {
    /**
     * Transparent huge pages (2 MiB aligned, {@code MADV_HUGEPAGE}): physically contiguous, so the result does not
     * depend on allocator luck. Falls back to 4 KiB pages where THP is off.
     */
    THP("thp"),
    /** Fresh 4 KiB pages ({@code MADV_NOHUGEPAGE}), as fio's default {@code iomem=malloc} gets for large buffers. */
    PAGES("pages"),
    /**
     * Pages of the hugetlb pool ({@code MAP_HUGETLB}), exactly what fio's {@code iomem=mmaphuge} uses: the like for
     * like choice when comparing with fio on huge pages. Needs free pages in the pool
     * ({@code /proc/sys/vm/nr_hugepages}); refused, saying so, when there are none.
     */
    HUGETLB("hugetlb");

    private final String cliName;

    BufferMemory(String cliName) {
        this.cliName = cliName;
    }

    public String cliName() {
        return cliName;
    }

    /** fio's name for the same memory kind: 4 KiB pages from malloc, or hugetlb pages for both huge kinds. */
    public String fioName() {
        return huge() ? "mmaphuge" : "malloc";
    }

    /** Whether the buffers are (meant to be) made of 2 MiB pages. */
    public boolean huge() {
        return this != PAGES;
    }

    /**
     * Accepts {@code thp}, {@code pages} and {@code hugetlb}, fio's {@code malloc} and {@code mmap} as
     * {@link #PAGES}, and fio's {@code mmaphuge} and {@code shmhuge} as {@link #HUGETLB}.
     */
    public static BufferMemory parse(String s) {
        return switch (s.trim().toLowerCase(java.util.Locale.ROOT)) {
            case "thp" -> THP;
            case "pages", "malloc", "mmap" -> PAGES;
            case "hugetlb", "mmaphuge", "shmhuge" -> HUGETLB;
            default -> throw LiveRefusal.badOption("unknown iomem '" + s + "'; use thp, pages or hugetlb");
        };
    }
}
