package org.diolab.engine.model;

/**
 * The file system a lesson's file lives on, and the rules of its own that matter here. {@link #GENERIC} has none
 * beyond the VFS: only the policy and the device stack (STABLE_WRITES) decide.
 */
public enum Filesystem {
    /**
     * No file system rules: data checksums as the file's NODATASUM flag says, and the page cache waits for writeback
     * only on a stable-writes mapping.
     */
    GENERIC("generic", true, false),
    /**
     * Data checksums (unless NODATASUM), and a folio under writeback is never changed: a buffered write waits in
     * prepare_pages() and a write fault in btrfs_page_mkwrite(), whatever the device says.
     */
    BTRFS("btrfs", true, true),
    /** No data checksums; folio_wait_stable() waits only when the mapping has stable writes. */
    EXT4("ext4", false, false),
    /** Like ext4 here: no data checksums, folio_wait_stable() only on a stable-writes mapping. */
    XFS("xfs", false, false),
    /** I/O straight to an md array's block device (its page cache): no file system, no checksums. */
    MD("md", false, false);

    private final String id;
    private final boolean dataChecksums;
    private final boolean waitsForWriteback;

    Filesystem(String id, boolean dataChecksums, boolean waitsForWriteback) {
        this.id = id;
        this.dataChecksums = dataChecksums;
        this.waitsForWriteback = waitsForWriteback;
    }

    /** The name lessons use ({@code fs: btrfs}). */
    public String id() {
        return id;
    }

    /** Whether files can carry data checksums at all. */
    public boolean dataChecksums() {
        return dataChecksums;
    }

    /** Whether the file system itself waits for writeback before a write(2) or a write fault changes a folio. */
    public boolean waitsForWriteback() {
        return waitsForWriteback;
    }

    public static java.util.Optional<Filesystem> byId(String id) {
        return java.util.Arrays.stream(values()).filter(f -> f.id.equals(id)).findFirst();
    }

    public static java.util.List<String> ids() {
        return java.util.Arrays.stream(values()).map(Filesystem::id).toList();
    }
}
