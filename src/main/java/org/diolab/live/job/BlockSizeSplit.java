package org.diolab.live.job;

import java.util.ArrayList;
import java.util.List;

/**
 * fio's {@code bssplit}: each I/O's size drawn from weighted block sizes, for reads and writes (fio's
 * {@code bssplit=READS,WRITES}; one set serves both). {@link #NONE} is one block size, {@code bs}.
 *
 * @param reads  the sizes reads take with their percentages (empty: none given)
 * @param writes the sizes writes take (the reads' set when only one is given)
 */
public record BlockSizeSplit(List<Share> reads, List<Share> writes) {
    /** fio takes up to 64 sizes per direction. */
    public static final int MAX_SIZES = 64;

    public static final BlockSizeSplit NONE = new BlockSizeSplit(List.of(), List.of());

    /** {@code percent} percent of a direction's I/Os are {@code bs} bytes. */
    public record Share(long bs, int percent) {}

    public BlockSizeSplit {
        reads = List.copyOf(reads);
        writes = List.copyOf(writes);
    }

    public boolean isNone() {
        return reads.isEmpty() && writes.isEmpty();
    }

    /** The largest size of either direction (the buffers' size); 0 for none. */
    public long max() {
        return java.util.stream.Stream.concat(reads.stream(), writes.stream())
                .mapToLong(Share::bs)
                .max()
                .orElse(0);
    }

    /** The smallest size of either direction (where random offsets align, as fio's blockalign default); 0: none. */
    public long min() {
        return java.util.stream.Stream.concat(reads.stream(), writes.stream())
                .mapToLong(Share::bs)
                .min()
                .orElse(0);
    }

    /** Every size of either direction, for the checks that apply to each I/O's size. */
    public List<Long> sizes() {
        return java.util.stream.Stream.concat(reads.stream(), writes.stream())
                .map(Share::bs)
                .distinct()
                .sorted()
                .toList();
    }

    /** How fio spells it: {@code 4k/60:64k/40} (and {@code ,WRITES} when writes differ). */
    public String fioText() {
        String r = text(reads);
        return writes.equals(reads) ? r : r + "," + text(writes);
    }

    private static String text(List<Share> shares) {
        return String.join(
                ":",
                shares.stream()
                        .map(s -> FioUnits.formatSize(s.bs()) + "/" + s.percent())
                        .toList());
    }

    /**
     * Reads fio's text. A blank percentage gets an equal share of what the others leave (fio's rule); the
     * percentages must add up to 100. A third (trims') set is refused: DIO Lab runs no trims.
     */
    static BlockSizeSplit parse(String spelling, String text) {
        String[] dirs = text.split(",", -1);
        if (dirs.length > 2) {
            throw new IllegalArgumentException(
                    spelling + "=" + text + ": give sizes for reads, or for reads and" + " writes (trims are not run)");
        }
        List<Share> r = direction(spelling, text, dirs[0]);
        List<Share> w = dirs.length == 2 && !dirs[1].isBlank() ? direction(spelling, text, dirs[1]) : r;
        return new BlockSizeSplit(r, w);
    }

    private static List<Share> direction(String spelling, String text, String part) {
        List<long[]> raw = new ArrayList<>();
        for (String e : part.split(":", -1)) {
            if (e.isBlank()) {
                break; // fio stops at an empty entry
            }
            int slash = e.indexOf('/');
            String size = slash < 0 ? e : e.substring(0, slash);
            String pct = slash < 0 ? "" : e.substring(slash + 1).trim();
            long bs = FioUnits.parseSize(spelling, size.trim(), 1, JobSpec.MAX_BS);
            long p = pct.isEmpty() ? -1 : FioUnits.parseCount(spelling, pct, 0, 100);
            raw.add(new long[] {bs, p == 0 ? -1 : p}); // fio reads a 0 as blank too
        }
        if (raw.isEmpty() || raw.size() > MAX_SIZES) {
            throw new IllegalArgumentException(
                    spelling + "=" + text + ": give 1 to " + MAX_SIZES + " SIZE/PERCENT entries, e.g. 4k/60:64k/40");
        }
        long given = raw.stream().filter(s -> s[1] > 0).mapToLong(s -> s[1]).sum();
        long blank = raw.stream().filter(s -> s[1] < 0).count();
        if (given > 100) {
            throw new IllegalArgumentException(
                    spelling + "=" + text + ": the percentages add up to " + given + ", more than 100");
        }
        if (blank == 0 && given != 100) {
            throw new IllegalArgumentException(
                    spelling + "=" + text + ": the percentages add up to " + given + ", not 100");
        }
        List<Share> out = new ArrayList<>();
        for (long[] s : raw) {
            long p = s[1] < 0 ? (100 - given) / blank : s[1];
            out.add(new Share(s[0], (int) p));
        }
        int sum = out.stream().mapToInt(Share::percent).sum();
        if (sum != 100) {
            // blanks share the rest evenly, so a rest that does not divide leaves a point or two over: fio gives
            // them to nobody (the draw falls through to the last size); here the last blank takes them, so the
            // split says what is run
            for (int i = out.size() - 1; i >= 0; i--) {
                if (raw.get(i)[1] < 0) {
                    out.set(i, new Share(out.get(i).bs(), out.get(i).percent() + 100 - sum));
                    break;
                }
            }
        }
        return List.copyOf(out);
    }
}
