package org.diolab.engine.model;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;

/**
 * Everything the simulated kernel and hardware hold at one instant. Immutable: every step yields a new World, so a
 * trace can keep every instant and stepping back is just picking an earlier one.
 *
 * @param csums     the checksum table: CRC32C of each block's data as computed at write time
 * @param work      async checksum work items (S004)
 * @param history   every value a device stored for each block (including the initial one): what a read may return
 * @param incidents forbidden events that happened (use-after-free, NOWAIT sleeping, ...)
 * @param results   what each finished system call returned
 * @param marks     per-operation facts steps leave for later steps, e.g. {@code r0:csum-failed}
 */
public record World(
        SortedMap<String, Page> pages,
        SortedMap<String, Bio> bios,
        SortedMap<String, Device> devices,
        Volume volume,
        Inode inode,
        SortedMap<Integer, Long> csums,
        SortedMap<String, CsumWork> work,
        SortedMap<Integer, SortedSet<String>> history,
        List<Incident> incidents,
        List<IoResult> results,
        SortedSet<String> marks) {
    public World {
        pages = Sorted.copyOf(pages);
        bios = Sorted.copyOf(bios);
        devices = Sorted.copyOf(devices);
        Objects.requireNonNull(volume, "volume");
        Objects.requireNonNull(inode, "inode");
        csums = Sorted.copyOf(csums);
        work = Sorted.copyOf(work);
        history = frozenValues(Sorted.copyOf(history));
        incidents = List.copyOf(incidents);
        results = List.copyOf(results);
        marks = Sorted.copyOfSet(marks);
        checkLegs(volume, devices);
    }

    /** The last volume and device names found to match: most worlds change neither (2,000 legs, checked per step). */
    private static volatile Object[] legsChecked = new Object[2];

    private static void checkLegs(Volume volume, SortedMap<String, Device> devices) {
        Object keys = devices instanceof FrozenSortedMap<?, ?> f ? f.keysIdentity() : null;
        Object[] last = legsChecked;
        if (keys != null && last[0] == volume && last[1] == keys) {
            return;
        }
        for (String leg : volume.legs()) {
            if (!devices.containsKey(leg)) {
                throw new IllegalArgumentException("volume leg " + leg + " is not a device");
            }
        }
        if (keys != null) {
            legsChecked = new Object[] {volume, keys};
        }
    }

    /** The history with every value set immutable and sorted (the same map when they all are already). */
    private static SortedMap<Integer, SortedSet<String>> frozenValues(SortedMap<Integer, SortedSet<String>> h) {
        if (h instanceof FrozenSortedMap<Integer, SortedSet<String>> f && f.frozenSetValues()) {
            return h; // checked when made: every step would otherwise walk the whole history (11,000 blocks)
        }
        SortedMap<Integer, SortedSet<String>> out = h;
        for (Map.Entry<Integer, SortedSet<String>> e : h.entrySet()) {
            SortedSet<String> frozen = Sorted.copyOfSet(e.getValue());
            if (frozen != e.getValue()) {
                out = Sorted.with(out, e.getKey(), frozen);
            }
        }
        return out instanceof FrozenSortedMap<Integer, SortedSet<String>> f ? f.markFrozenSetValues() : out;
    }

    /**
     * A fresh world: no bios in flight, each block's initial bytes in its history, and — for a checksummed file — the
     * checksum of each block's initial bytes in the table, as if it had been written before the scenario begins.
     */
    public static World of(Map<String, Page> pages, Map<String, Device> devices, Volume volume, Inode inode) {
        SortedMap<Integer, SortedSet<String>> history = new TreeMap<>();
        SortedMap<Integer, Long> csums = new TreeMap<>();
        for (String leg : volume.dataLegs()) {
            Objects.requireNonNull(devices.get(leg), leg).blocks().forEach((b, bytes) -> {
                history.computeIfAbsent(b, k -> new TreeSet<>()).add(bytes);
                if (!inode.nodatasum(b)) {
                    csums.putIfAbsent(b, Crc32c.of(bytes));
                }
            });
        }
        return new World(
                Sorted.copyOf(pages),
                new TreeMap<>(),
                Sorted.copyOf(devices),
                volume,
                inode,
                csums,
                new TreeMap<>(),
                history,
                List.of(),
                List.of(),
                new TreeSet<>());
    }

    public Page page(String id) {
        Page p = pages.get(id);
        if (p == null) {
            throw new IllegalArgumentException("no page " + id + " (pages: " + pages.keySet() + ")");
        }
        return p;
    }

    public Bio bio(String id) {
        Bio b = bios.get(id);
        if (b == null) {
            throw new IllegalArgumentException("no bio " + id);
        }
        return b;
    }

    public Device device(String id) {
        Device d = devices.get(id);
        if (d == null) {
            throw new IllegalArgumentException("no device " + id);
        }
        return d;
    }

    /**
     * The clones of bio {@code parent}, in id order: they are named {@code parent@device}, so they are found by that
     * prefix without walking every bio (500 readers each waiting for its own read made every status a walk of all).
     */
    public java.util.Collection<Bio> clonesOf(String parent) {
        return bios.subMap(parent + "@", parent + (char) ('@' + 1)).values().stream()
                .filter(b -> parent.equals(b.parent()))
                .toList();
    }

    /** The first clone of bio {@code parent}, in id order, that has not completed; {@code null} if none. */
    public @Nullable Bio firstCloneNotDone(String parent) {
        for (Bio b : bios.subMap(parent + "@", parent + (char) ('@' + 1)).values()) {
            if (parent.equals(b.parent()) && b.state() != BioState.DONE) {
                return b;
            }
        }
        return null;
    }

    /** The page-cache folio caching file block {@code block}, or {@code null}. */
    public @Nullable Page folio(int block) {
        for (Page p : pages.values()) { // a loop, not a stream: asked in nearly every step the explorer takes
            if (p.kind() == PageKind.PAGE_CACHE && p.block() == block && !p.freed()) {
                return p;
            }
        }
        return null;
    }

    public boolean marked(String mark) {
        return marks.contains(mark);
    }

    public World withPage(Page p) {
        return new World(
                Sorted.with(pages, p.id(), p),
                bios,
                devices,
                volume,
                inode,
                csums,
                work,
                history,
                incidents,
                results,
                marks);
    }

    public World withBio(Bio b) {
        return new World(
                pages,
                Sorted.with(bios, b.id(), b),
                devices,
                volume,
                inode,
                csums,
                work,
                history,
                incidents,
                results,
                marks);
    }

    public World withDevice(Device d) {
        return new World(
                pages,
                bios,
                Sorted.with(devices, d.id(), d),
                volume,
                inode,
                csums,
                work,
                history,
                incidents,
                results,
                marks);
    }

    public World withVolume(Volume v) {
        return new World(pages, bios, devices, v, inode, csums, work, history, incidents, results, marks);
    }

    public World withInode(Inode i) {
        return new World(pages, bios, devices, volume, i, csums, work, history, incidents, results, marks);
    }

    public World withCsum(int block, long crc) {
        return new World(
                pages,
                bios,
                devices,
                volume,
                inode,
                Sorted.with(csums, block, crc),
                work,
                history,
                incidents,
                results,
                marks);
    }

    public World withWork(CsumWork w) {
        return new World(
                pages,
                bios,
                devices,
                volume,
                inode,
                csums,
                Sorted.with(work, w.id(), w),
                history,
                incidents,
                results,
                marks);
    }

    /** Records that a device stored {@code bytes} in {@code block}: a later read may legitimately return it. */
    public World withStored(int block, String bytes) {
        SortedSet<String> values = history.get(block);
        if (values != null && values.contains(bytes)) {
            return this;
        }
        values = values == null ? Sorted.copyOfSet(List.of(bytes)) : Sorted.withElement(values, bytes);
        return new World(
                pages,
                bios,
                devices,
                volume,
                inode,
                csums,
                work,
                Sorted.with(history, block, values),
                incidents,
                results,
                marks);
    }

    public World withIncident(Incident i) {
        return new World(
                pages, bios, devices, volume, inode, csums, work, history, Sorted.append(incidents, i), results, marks);
    }

    public World withResult(IoResult r) {
        return new World(
                pages, bios, devices, volume, inode, csums, work, history, incidents, Sorted.append(results, r), marks);
    }

    public World withMark(String mark) {
        if (marks.contains(mark)) {
            return this;
        }
        return withMarks(Sorted.withElement(marks, mark));
    }

    public World withoutMark(String mark) {
        if (!marks.contains(mark)) {
            return this;
        }
        return withMarks(Sorted.withoutElement(marks, mark));
    }

    private World withMarks(SortedSet<String> newMarks) {
        return new World(pages, bios, devices, volume, inode, csums, work, history, incidents, results, newMarks);
    }

    /** True while a write covering {@code block} has not completed (end_io not run): its checksum is not in yet. */
    public boolean writeIncomplete(int block) {
        for (Bio b : bios.values()) {
            if (b.writeIncomplete(block) && fileData(b)) {
                return true;
            }
        }
        return false;
    }

    /**
     * True while any write that covers file block {@code block} has not completed on every leg. Parity clones and I/O
     * to devices outside the volume (a swap device) write other things at those numbers.
     */
    public boolean writeInFlight(int block) {
        for (Bio b : bios.values()) { // a loop: mirrors-agree asks it of every block in every state explored
            if (b.writesInFlight(block) && fileData(b)) {
                return true;
            }
        }
        return false;
    }

    private boolean fileData(Bio b) {
        return b.target().equals(volume.id()) || volume.dataLegs().contains(b.target());
    }

    /** What file block {@code block} holds on {@code leg}, or {@code null} if that leg does not store it. */
    public @Nullable String stored(String leg, int block) {
        return device(leg).blocks().get(block);
    }
}
