package org.diolab.live.kernel.trace.meaning;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.diolab.live.kernel.trace.text.DevNum;

/**
 * What a scenario's recording shows, in a paragraph and a few numbers, by what the scenario is looked at for
 * ({@link Look}). Totals come from the recorder's counts of every line, per phase of the scenario (so RAID1's writes
 * and SINGLE's are told apart); the details of one failure come from the moments kept around it.
 *
 * @param numbers the paragraph's numbers by key, for the JSON report ({@code eio_reads}, {@code first_read_stores})
 */
public record TraceFindings(String text, Map<String, Long> numbers) {
    public TraceFindings {
        numbers = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(numbers));
    }

    /**
     * @param phaseEvents per phase name (in order; "" before the first phase marker), event key → count: event
     *                    names, block requests as "block_rq_complete 7,1 W", contention as "contention_begin READ",
     *                    the lab's calls as "read-end", "read-end -5"
     */
    public static TraceFindings of(
            Look look,
            TraceReading r,
            List<Failure> failures,
            LabDevices devices,
            Map<String, Map<String, Long>> phaseEvents) {
        Builder b = new Builder(phaseEvents, devices);
        return switch (look) {
            case EIO_READS -> b.eioReads(failures);
            case WRITE_PATH -> b.writePath();
            case EAGAIN_NO_IO -> b.eagain(failures);
            case STABLE_WAITS -> b.stableWaits();
            case LOCK_CONTENTION -> b.locks(failures);
        };
    }

    private static final class Builder {
        private final Map<String, Map<String, Long>> phases;
        private final LabDevices devices;
        private final Map<String, Long> numbers = new LinkedHashMap<>();

        Builder(Map<String, Map<String, Long>> phases, LabDevices devices) {
            this.phases = phases;
            this.devices = devices;
        }

        /** Sum over every phase of the events whose key is {@code key} or starts with it and a space. */
        long total(String key) {
            return phases.values().stream().mapToLong(m -> count(m, key)).sum();
        }

        static long count(Map<String, Long> m, String key) {
            long n = 0;
            for (Map.Entry<String, Long> e : m.entrySet()) {
                if (e.getKey().equals(key) || e.getKey().startsWith(key + " ")) {
                    n += e.getValue();
                }
            }
            return n;
        }

        TraceFindings done(String text) {
            return new TraceFindings(text, numbers);
        }

        TraceFindings eioReads(List<Failure> failures) {
            long reads = total("read-end");
            long eio = total("read-end -5");
            numbers.put("reads", reads);
            numbers.put("eio_reads", eio);
            List<Failure> eios = failures.stream()
                    .filter(f -> f.kind() == FailureKind.EIO_READ)
                    .toList();
            numbers.put("eio_reads_picked", (long) eios.size());
            long withLog = eios.stream()
                    .filter(f -> f.of(Step.VERIFY_MISMATCH).stream()
                            .anyMatch(m -> m.column().kind() == Column.Kind.LOG))
                    .count();
            numbers.put("eio_reads_picked_with_csum_lines", withLog);
            List<String> parts = new ArrayList<>();
            for (Map.Entry<String, Map<String, Long>> p : phases.entrySet()) {
                long n = count(p.getValue(), "read-end");
                if (n > 0) {
                    parts.add(String.format(
                            Locale.ROOT,
                            "%s: %,d of %,d direct read(s) ended in EIO",
                            p.getKey().isEmpty() ? "before the first phase" : p.getKey(),
                            count(p.getValue(), "read-end -5"),
                            n));
                }
            }
            StringBuilder t =
                    new StringBuilder(parts.isEmpty() ? "no direct read was recorded" : String.join("; ", parts));
            if (eios.isEmpty()) {
                return done(t.append("; no EIO read was kept with its events").toString());
            }
            Failure f = eios.getFirst();
            Operation op = f.call().orElseThrow();
            long bios = f.of(Step.SUBMIT).stream()
                    .filter(m -> m.column().kind() == Column.Kind.DEVICE)
                    .count();
            List<long[]> inFlight = requests(f);
            long stores = f.stores().size();
            long storesInFlight = f.stores().stream()
                    .filter(s -> inFlight.stream().anyMatch(q -> s.overlaps(q[0], q[1])))
                    .count();
            long csum = f.of(Step.VERIFY_MISMATCH).stream()
                    .filter(m -> m.column().kind() == Column.Kind.LOG)
                    .count();
            boolean iomapFailed =
                    f.of(Step.VERIFY_MISMATCH).stream().anyMatch(m -> m.column().kind() != Column.Kind.LOG);
            String where = String.join(
                    ", ",
                    f.columns().stream()
                            .filter(c -> c.kind() == Column.Kind.DEVICE)
                            .map(Column::label)
                            .toList());
            numbers.put("first_read_bios", bios);
            numbers.put("first_read_requests", (long) f.of(Step.DMA).size());
            numbers.put("first_read_completions", (long) f.of(Step.END_IO).size());
            numbers.put("first_read_stores", stores);
            numbers.put("first_read_stores_in_flight", storesInFlight);
            numbers.put("first_read_csum_lines", csum);
            t.append(String.format(
                    Locale.ROOT,
                    "; the first of the %d kept with their events, %s (%,d µs): %d bio(s) queued and %d request(s)"
                            + " issued on %s (DMA starts), %d completed (end-io); %d of the scribbler's marked passes"
                            + " over the buffer ran during the read, %d of them while a request was in flight; %d"
                            + " 'csum failed' line(s) in it (%d of the kept reads have theirs: btrfs rate-limits"
                            + " them)%s",
                    eios.size(),
                    op.describe(),
                    op.durationNanos() / 1000,
                    bios,
                    f.of(Step.DMA).size(),
                    where.isEmpty() ? "no device of the lab's" : where,
                    f.of(Step.END_IO).size(),
                    stores,
                    storesInFlight,
                    csum,
                    withLog,
                    iomapFailed ? "; iomap_dio_complete failed with -5 (verify mismatch)" : ""));
            return done(t.toString());
        }

        /** Each device request of a failure, from its issue to its completion (matched by device and sector). */
        private static List<long[]> requests(Failure f) {
            Map<String, Long> issued = new LinkedHashMap<>();
            List<long[]> out = new ArrayList<>();
            for (Moment m : f.moments()) {
                String key = m.column().id() + "@" + m.args().getOrDefault("sector", "");
                if (m.step() == Step.DMA) {
                    issued.put(key, m.nanos());
                } else if (m.step() == Step.END_IO && issued.containsKey(key)) {
                    out.add(new long[] {issued.remove(key), m.nanos()});
                }
            }
            return out;
        }

        TraceFindings writePath() {
            List<String> parts = new ArrayList<>();
            long direct = 0;
            long dirty = 0;
            for (Map.Entry<String, Map<String, Long>> p : phases.entrySet()) {
                Map<String, Long> m = p.getValue();
                long writes = count(m, "write-end");
                long dio = count(m, "iomap_dio_rw_begin");
                long folios = count(m, "writeback_dirty_folio");
                if (writes == 0 && dio == 0 && folios == 0) {
                    continue;
                }
                direct += dio;
                dirty += folios;
                String how = folios > 0 && dio == 0
                        ? ": the buffered fallback"
                        : dio > 0 && folios == 0 ? ": zero-copy" : dio > 0 ? ": both ways" : "";
                parts.add(String.format(
                        Locale.ROOT,
                        "%s: %,d write(s), %,d entered iomap as direct I/O, %,d folio(s) dirtied%s%s; device"
                                + " writes %s",
                        p.getKey().isEmpty() ? "before the first phase" : p.getKey(),
                        writes,
                        dio,
                        folios,
                        count(m, "btrfs_ordered_extent_add") > 0
                                ? String.format(
                                        Locale.ROOT,
                                        ", %,d btrfs ordered extent(s)",
                                        count(m, "btrfs_ordered_extent_add"))
                                : "",
                        how,
                        perDevice(m, "block_rq_complete", "W")));
            }
            numbers.put("writes", total("write-end"));
            numbers.put("direct_writes_into_iomap", direct);
            numbers.put("folios_dirtied", dirty);
            numbers.put("device_writes", deviceCount("block_rq_complete", "W"));
            if (parts.isEmpty()) {
                return done("no write of the lab's was recorded");
            }
            return done(String.join("; ", parts));
        }

        /** "loop1: raid1 leg 0 ×120, loop2: raid1 leg 1 ×118", or "none". */
        private String perDevice(Map<String, Long> m, String event, String dir) {
            Map<String, Long> by = new LinkedHashMap<>();
            for (Map.Entry<String, Long> e : m.entrySet()) {
                String[] k = e.getKey().split(" ");
                if (k.length == 3 && k[0].equals(event) && k[2].equals(dir)) {
                    by.merge(label(k[1]), e.getValue(), Long::sum);
                }
            }
            if (by.isEmpty()) {
                return "none";
            }
            List<String> out = new ArrayList<>();
            by.forEach((d, n) -> out.add(String.format(Locale.ROOT, "%s ×%,d", d, n)));
            return String.join(", ", out);
        }

        private long deviceCount(String event, String dir) {
            long n = 0;
            for (Map<String, Long> m : phases.values()) {
                for (Map.Entry<String, Long> e : m.entrySet()) {
                    String[] k = e.getKey().split(" ");
                    if (k.length == 3 && k[0].equals(event) && k[2].equals(dir)) {
                        n += e.getValue();
                    }
                }
            }
            return n;
        }

        private String label(String dev) {
            try {
                return devices.label(DevNum.parse(dev));
            } catch (IllegalArgumentException e) {
                return dev;
            }
        }

        TraceFindings eagain(List<Failure> failures) {
            List<String> parts = new ArrayList<>();
            for (Map.Entry<String, Map<String, Long>> p : phases.entrySet()) {
                Map<String, Long> m = p.getValue();
                long reads = count(m, "read-end");
                if (reads == 0) {
                    continue;
                }
                parts.add(String.format(
                        Locale.ROOT,
                        "%s: %,d of %,d read(s) returned EAGAIN, %,d bio(s) queued, %,d request(s) issued",
                        p.getKey().isEmpty() ? "before the first phase" : p.getKey(),
                        count(m, "read-end -11"),
                        reads,
                        count(m, "block_bio_queue"),
                        count(m, "block_rq_issue")));
            }
            List<Failure> eagains = failures.stream()
                    .filter(f -> f.kind() == FailureKind.EAGAIN)
                    .toList();
            long withoutIo = eagains.stream()
                    .filter(f ->
                            f.of(Step.SUBMIT).stream().noneMatch(m -> m.what().startsWith("block_"))
                                    && f.of(Step.DMA).isEmpty())
                    .count();
            numbers.put("nowait_eagain", total("read-end -11"));
            numbers.put("reads", total("read-end"));
            numbers.put("eagain_picked", (long) eagains.size());
            numbers.put("eagain_picked_without_block_io", withoutIo);
            String kept = eagains.isEmpty()
                    ? "no EAGAIN was kept with its events"
                    : String.format(
                            Locale.ROOT,
                            "of the %d EAGAIN read(s) kept with their events, %d had no bio queued or request issued"
                                    + " between their begin and end%s",
                            eagains.size(),
                            withoutIo,
                            withoutIo == eagains.size() ? ": the refusal comes before any block I/O" : "");
            parts.add(kept);
            return done(String.join("; ", parts));
        }

        TraceFindings stableWaits() {
            List<String> parts = new ArrayList<>();
            for (Map.Entry<String, Map<String, Long>> p : phases.entrySet()) {
                Map<String, Long> m = p.getValue();
                long writes = count(m, "write-end");
                if (writes == 0) {
                    continue;
                }
                parts.add(String.format(
                        Locale.ROOT,
                        "%s: %,d write(s), %,d folio(s) dirtied, %,d folio_wait_writeback by the lab's threads,"
                                + " %,d writeback pass(es), device writes %s",
                        p.getKey().isEmpty() ? "before the first phase" : p.getKey(),
                        writes,
                        count(m, "writeback_dirty_folio"),
                        count(m, "folio_wait_writeback"),
                        count(m, "wbc_writepage") + count(m, "writeback_single_inode_start"),
                        perDevice(m, "block_rq_complete", "W")));
            }
            long waits = total("folio_wait_writeback");
            numbers.put("folio_wait_writeback", waits);
            numbers.put("folios_dirtied", total("writeback_dirty_folio"));
            numbers.put("writes", total("write-end"));
            parts.add(
                    waits == 0
                            ? "no folio_wait_writeback was recorded: the lab's writers changed folios while they were"
                                    + " under writeback without waiting (no stable pages)"
                            : String.format(
                                    Locale.ROOT,
                                    "the lab's writers waited for writeback %,d time(s) before changing a folio (stable"
                                            + " pages)",
                                    waits));
            return done(String.join("; ", parts));
        }

        TraceFindings locks(List<Failure> failures) {
            long rw = total("contention_begin READ") + total("contention_begin WRITE");
            long all = total("contention_begin");
            numbers.put("contention_rwsem", rw);
            numbers.put("contention_all", all);
            numbers.put("direct_io", total("iomap_dio_rw_begin"));
            Map<String, Long> flags = new LinkedHashMap<>();
            for (Map<String, Long> m : phases.values()) {
                m.forEach((k, v) -> {
                    if (k.startsWith("contention_begin ")) {
                        flags.merge(k.substring("contention_begin ".length()), v, Long::sum);
                    }
                });
            }
            String byFlags = String.join(
                    ", ",
                    flags.entrySet().stream()
                            .map(e -> String.format(Locale.ROOT, "%,d %s", e.getValue(), e.getKey()))
                            .toList());
            long longest = failures.stream()
                    .filter(f -> f.kind() == FailureKind.LOCK_WAIT)
                    .mapToLong(f -> f.toNanos() - f.fromNanos())
                    .max()
                    .orElse(0);
            numbers.put("longest_rwsem_wait_us", longest / 1000);
            if (rw == 0) {
                return done(String.format(
                        Locale.ROOT,
                        "no rwsem contention of the lab's threads was recorded (so no i_rwsem convoy): %,d lock"
                                + " contention(s) in all%s, during %,d direct I/O(s); contention_begin does not name"
                                + " the lock (the lab records reader-writer locks' waits only: spinlocks and mutexes"
                                + " are left out)",
                        all,
                        byFlags.isEmpty() ? "" : " (" + byFlags + ")",
                        total("iomap_dio_rw_begin")));
            }
            return done(String.format(
                    Locale.ROOT,
                    "the lab's threads waited for a sleeping rwsem %,d time(s) (%s), the longest kept wait %,d µs,"
                            + " during %,d direct I/O(s); contention_begin does not name the lock (i_rwsem is the"
                            + " one the lesson is about)",
                    rw,
                    byFlags,
                    longest / 1000,
                    total("iomap_dio_rw_begin")));
        }
    }
}
