package org.diolab.app.export;

/**
 * The distinct colours of a frame and how many pixels each covers: an open-addressed table of 24-bit RGB values,
 * counted run by run (a run of one colour is one look-up). {@link #slot} finds a colour again, for mapping pixels.
 */
final class ColourTable {
    private int[] keys; // colour + 1; 0 = empty
    private int[] counts;
    private int mask;
    private int shift;
    private int size;

    private ColourTable(int capacityBits) {
        keys = new int[1 << capacityBits];
        counts = new int[1 << capacityBits];
        mask = (1 << capacityBits) - 1;
        shift = 32 - capacityBits;
    }

    /** Counts the colours of {@code rgb} (the top byte ignored). */
    static ColourTable of(int[] rgb) {
        ColourTable t = new ColourTable(14);
        int i = 0;
        while (i < rgb.length) {
            int c = rgb[i] & 0xFFFFFF;
            int run = 1;
            while (i + run < rgb.length && (rgb[i + run] & 0xFFFFFF) == c) {
                run++;
            }
            t.add(c, run);
            i += run;
        }
        return t;
    }

    int size() {
        return size;
    }

    /** The slot holding {@code colour}, which must be in the table. */
    int slot(int colour) {
        int key = colour + 1;
        int s = hash(key);
        while (keys[s] != key) {
            s = (s + 1) & mask;
        }
        return s;
    }

    /** The distinct colours, in slot order. */
    int[] colours() {
        int[] out = new int[size];
        int n = 0;
        for (int k : keys) {
            if (k != 0) {
                out[n++] = k - 1;
            }
        }
        return out;
    }

    /** The pixels each colour of {@link #colours()} covers, in the same order. */
    int[] counts() {
        int[] out = new int[size];
        int n = 0;
        for (int s = 0; s < keys.length; s++) {
            if (keys[s] != 0) {
                out[n++] = counts[s];
            }
        }
        return out;
    }

    /** For each slot, the index of the nearest {@code palette} entry (squared RGB distance). */
    byte[] nearest(int[] palette) {
        byte[] out = new byte[keys.length];
        for (int s = 0; s < keys.length; s++) {
            if (keys[s] != 0) {
                out[s] = (byte) nearest(palette, keys[s] - 1);
            }
        }
        return out;
    }

    private static int nearest(int[] palette, int c) {
        int r = (c >> 16) & 0xFF;
        int g = (c >> 8) & 0xFF;
        int b = c & 0xFF;
        int best = 0;
        int bestD = Integer.MAX_VALUE;
        for (int i = 0; i < palette.length && bestD > 0; i++) {
            int p = palette[i];
            int dr = ((p >> 16) & 0xFF) - r;
            int dg = ((p >> 8) & 0xFF) - g;
            int db = (p & 0xFF) - b;
            int d = dr * dr + dg * dg + db * db;
            if (d < bestD) {
                bestD = d;
                best = i;
            }
        }
        return best;
    }

    private void add(int colour, int n) {
        int key = colour + 1;
        int s = hash(key);
        while (keys[s] != 0 && keys[s] != key) {
            s = (s + 1) & mask;
        }
        if (keys[s] == 0) {
            keys[s] = key;
            if (++size > keys.length / 2) {
                counts[s] += n;
                grow();
                return;
            }
        }
        counts[s] += n;
    }

    private void grow() {
        int[] oldKeys = keys;
        int[] oldCounts = counts;
        int bits = 33 - shift;
        keys = new int[1 << bits];
        counts = new int[1 << bits];
        mask = (1 << bits) - 1;
        shift = 32 - bits;
        for (int s = 0; s < oldKeys.length; s++) {
            if (oldKeys[s] != 0) {
                int t = hash(oldKeys[s]);
                while (keys[t] != 0) {
                    t = (t + 1) & mask;
                }
                keys[t] = oldKeys[s];
                counts[t] = oldCounts[s];
            }
        }
    }

    private int hash(int key) {
        return (key * 0x9E3779B1) >>> shift;
    }
}
