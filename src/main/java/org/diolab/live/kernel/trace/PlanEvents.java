package org.diolab.live.kernel.trace;

import java.util.ArrayList;
import java.util.List;

/**
 * The groups of events the plans are made of, each filtered as narrowly as its fields allow: block events by the
 * lab's loop devices, iomap and filemap by its filesystems' superblock devices, events that run in a lab thread by
 * the threads' name, writeback passes by bdi. btrfs's events carry only an fsid (16 bytes, not filterable), so they
 * are kept to the lab's threads where they run in them and left open where a kernel thread runs them.
 */
final class PlanEvents {
    private final TraceTargets t;

    PlanEvents(TraceTargets t) {
        this.t = t;
    }

    private String blockDevs() {
        return EventFilter.devices("dev", t.devices().blockDevices().keySet());
    }

    private String fsDevs(String field) {
        return EventFilter.devices(field, t.devices().filesystems().keySet());
    }

    private String labThreads() {
        return EventFilter.threads("comm", t.threadPrefix());
    }

    List<EventSpec> directIo() {
        String f = EventFilter.and(fsDevs("dev"), labThreads());
        return List.of(
                new EventSpec(
                        "iomap", "iomap_dio_rw_begin", f, "a direct read or write enters iomap: build-bio/submit"),
                new EventSpec(
                        "iomap", "iomap_dio_complete", f, "its end, with error and ret: a failed verify is -EIO"));
    }

    /** Only a direct I/O's entry into iomap: the count of them and where each began, for plans with tens of thousands. */
    List<EventSpec> directIoBegins() {
        return directIo().subList(0, 1);
    }

    /**
     * Block requests of the lab's devices. Without devices of its own (ext4-convoy on the scratch directory's disk),
     * the queue and issue events are kept to the lab's threads by name, and the completions, which run in whatever
     * task or interrupt is there and carry no name of the issuer, are not recorded: they would be everyone's.
     */
    List<EventSpec> blockIo() {
        if (t.devices().blockDevices().isEmpty()) {
            String f = labThreads();
            return List.of(
                    new EventSpec("block", "block_bio_queue", f, "a lab thread's bio reaches the disk's queue"),
                    new EventSpec("block", "block_rq_issue", f, "the disk starts a lab thread's request"));
        }
        String f = blockDevs();
        return List.of(
                new EventSpec("block", "block_bio_queue", f, "the bio reaches a leg's queue"),
                new EventSpec("block", "block_rq_issue", f, "the leg's loop device starts the request: the DMA starts"),
                new EventSpec("block", "block_rq_complete", f, "the request is done: end-io"));
    }

    List<EventSpec> bufferedWrites() {
        List<EventSpec> out = new ArrayList<>();
        out.add(new EventSpec(
                "writeback",
                "writeback_dirty_folio",
                labThreads(),
                "a lab thread's write dirtied a page-cache folio: the buffered fallback"));
        String bdi = EventFilter.bdis(t.bdis());
        out.add(new EventSpec("writeback", "wbc_writepage", bdi, "writeback of the lab's filesystem starts a pass"));
        out.add(new EventSpec(
                "writeback", "writeback_single_inode_start", bdi, "writeback of one inode of the lab's filesystem"));
        out.add(new EventSpec(
                "filemap", "mm_filemap_add_to_page_cache", fsDevs("s_dev"), "a folio of the lab's files is cached"));
        return out;
    }

    List<EventSpec> orderedExtents() {
        return List.of(
                new EventSpec(
                        "btrfs",
                        "btrfs_ordered_extent_add",
                        "",
                        "btrfs tracks a write's extent until its data is on disk (any btrfs: fsid is not filterable)"),
                new EventSpec("btrfs", "btrfs_finish_ordered_extent", "", "the extent's data is on disk"));
    }

    List<EventSpec> stableWaits() {
        return List.of(new EventSpec(
                "writeback",
                "folio_wait_writeback",
                labThreads(),
                "a lab thread waits for a folio's writeback before changing it: stable pages"));
    }

    /**
     * Waits of the lab's threads on sleeping reader-writer locks only: READ or WRITE in the flags (i_rwsem is one, so
     * is a percpu rwsem); spinlocks and mutexes, which an i_rwsem convoy is not made of and which come by the thousand
     * a second, are left out. An end has no flags, so it is kept to the lab's threads only.
     */
    List<EventSpec> rwsemContention() {
        return List.of(
                new EventSpec(
                        "lock",
                        "contention_begin",
                        EventFilter.and(labThreads(), "flags & 6"),
                        "a lab thread waits for a reader-writer lock (READ/WRITE)"),
                new EventSpec("lock", "contention_end", labThreads(), "it got the lock (or a spinlock it waited for)"));
    }

    /**
     * Only the moments a lab thread goes to sleep uninterruptibly (D: for its I/O or a lock), not every switch and
     * wake-up: where there are eight busy threads, those are most of a recording's lines.
     */
    List<EventSpec> sleeps() {
        return List.of(new EventSpec(
                "sched",
                "sched_switch",
                EventFilter.and(EventFilter.threads("prev_comm", t.threadPrefix()), "prev_state & 2"),
                "a lab thread leaves the CPU to wait (D: for I/O or a lock)"));
    }
}
