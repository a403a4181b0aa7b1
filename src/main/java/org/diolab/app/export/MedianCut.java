package org.diolab.app.export;

/**
 * Median cut over distinct colours weighted by the pixels they cover: the box with the most pixels times its longest
 * side is split at its weighted median along that side, until there are as many boxes as palette slots; each box
 * gives its weighted mean colour.
 */
final class MedianCut {
    private MedianCut() {}

    /**
     * Writes at most {@code boxes} colours for {@code colours} (with their {@code counts}; both arrays are reordered)
     * into {@code out} from {@code at}; returns how many.
     */
    static int cut(int[] colours, int[] counts, int boxes, int[] out, int at) {
        if (colours.length == 0 || boxes <= 0) {
            return 0;
        }
        int[] from = new int[boxes];
        int[] to = new int[boxes];
        int[] axis = new int[boxes];
        long[] score = new long[boxes];
        int made = 1;
        from[0] = 0;
        to[0] = colours.length;
        measure(colours, counts, from, to, axis, score, 0);
        while (made < boxes) {
            int pick = -1;
            long best = 0;
            for (int b = 0; b < made; b++) {
                if (score[b] > best) {
                    best = score[b];
                    pick = b;
                }
            }
            if (pick < 0) {
                break; // every box is one colour
            }
            int mid = split(colours, counts, from[pick], to[pick], axis[pick]);
            from[made] = mid;
            to[made] = to[pick];
            to[pick] = mid;
            measure(colours, counts, from, to, axis, score, pick);
            measure(colours, counts, from, to, axis, score, made);
            made++;
        }
        for (int b = 0; b < made; b++) {
            out[at + b] = mean(colours, counts, from[b], to[b]);
        }
        return made;
    }

    /** Box {@code b}'s longest side (the channel to split) and its score: pixels × that side's length. */
    private static void measure(int[] colours, int[] counts, int[] from, int[] to, int[] axis, long[] score, int b) {
        int[] side = longest(colours, from[b], to[b]);
        axis[b] = side[0];
        score[b] = (long) side[1] * weight(counts, from[b], to[b]);
    }

    /** The channel (16, 8 or 0: its shift) with the widest range in the box, and that range. */
    private static int[] longest(int[] colours, int from, int to) {
        int[] lo = {255, 255, 255};
        int[] hi = {0, 0, 0};
        for (int i = from; i < to; i++) {
            for (int ch = 0; ch < 3; ch++) {
                int v = (colours[i] >> (16 - 8 * ch)) & 0xFF;
                lo[ch] = Math.min(lo[ch], v);
                hi[ch] = Math.max(hi[ch], v);
            }
        }
        int ch = 0;
        for (int k = 1; k < 3; k++) {
            if (hi[k] - lo[k] > hi[ch] - lo[ch]) {
                ch = k;
            }
        }
        return new int[] {16 - 8 * ch, hi[ch] - lo[ch]};
    }

    private static long weight(int[] counts, int from, int to) {
        long w = 0;
        for (int i = from; i < to; i++) {
            w += counts[i];
        }
        return w;
    }

    /** Partitions the box on {@code shift}'s channel at its weighted median; returns where the upper half starts. */
    private static int split(int[] colours, int[] counts, int from, int to, int shift) {
        long[] hist = new long[256];
        int lo = 255;
        int hi = 0;
        for (int i = from; i < to; i++) {
            int v = (colours[i] >> shift) & 0xFF;
            hist[v] += counts[i];
            lo = Math.min(lo, v);
            hi = Math.max(hi, v);
        }
        long half = weight(counts, from, to) / 2;
        long run = 0;
        int cut = lo;
        while (cut < hi - 1 && run + hist[cut] < half) {
            run += hist[cut];
            cut++;
        }
        // values <= cut go low; cut < hi, so both halves hold a colour
        int i = from;
        int j = to - 1;
        while (i <= j) {
            if (((colours[i] >> shift) & 0xFF) <= cut) {
                i++;
            } else {
                swap(colours, i, j);
                swap(counts, i, j);
                j--;
            }
        }
        return i;
    }

    private static int mean(int[] colours, int[] counts, int from, int to) {
        long r = 0;
        long g = 0;
        long b = 0;
        long w = 0;
        for (int i = from; i < to; i++) {
            long n = counts[i];
            r += n * ((colours[i] >> 16) & 0xFF);
            g += n * ((colours[i] >> 8) & 0xFF);
            b += n * (colours[i] & 0xFF);
            w += n;
        }
        return (int) (((r + w / 2) / w) << 16 | ((g + w / 2) / w) << 8 | ((b + w / 2) / w));
    }

    private static void swap(int[] a, int i, int j) {
        int t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}
