package org.diolab.app.export;

import java.awt.image.BufferedImage;
import java.awt.image.DataBuffer;
import java.awt.image.DataBufferByte;
import java.awt.image.IndexColorModel;
import java.awt.image.Raster;
import java.awt.image.WritableRaster;
import java.util.Arrays;

/**
 * Reduces an opaque frame to at most 256 colours for a GIF, in one pass over its pixels and the rest over its distinct
 * colours: the JDK's own reducer builds an octree pixel by pixel and was most of a GIF's cost (0.3 s of a 1920×1080
 * frame's 0.4 s, profiled). A frame of the stage is flat areas, text and a few accents: every colour that covers a
 * visible area (≥ {@value #AREA} of the frame) keeps its exact value, so backgrounds, cards and text stay as drawn;
 * the anti-aliased in-betweens share the slots left by median cut, each pixel taking the nearest entry (no dithering,
 * as before).
 *
 * <pre>{@code
 * BufferedImage indexed = GifPalette.reduce(frame); // TYPE_BYTE_INDEXED, the GIF writer takes it as it is
 * }</pre>
 */
final class GifPalette {
    static final int COLOURS = 256;
    /** The share of the frame above which a colour is kept exactly. */
    static final double AREA = 0.0005;
    /** At most this many exact colours: the rest of the palette is for the in-betweens. */
    private static final int EXACT = 160;

    private GifPalette() {}

    /** The frame as an 8-bit indexed image (its alpha ignored: frames are opaque). */
    static BufferedImage reduce(BufferedImage frame) {
        int w = frame.getWidth();
        int h = frame.getHeight();
        int[] rgb = Pixels.rgb(frame);
        ColourTable table = ColourTable.of(rgb);
        int[] palette = table.size() <= COLOURS ? table.colours() : choose(table, rgb.length);
        byte[] nearest = table.nearest(palette);
        byte[] out = new byte[rgb.length];
        int last = -1;
        byte at = 0;
        for (int i = 0; i < rgb.length; i++) {
            int c = rgb[i] & 0xFFFFFF;
            if (c != last) { // runs of one colour are most of a frame: look each run up once
                last = c;
                at = nearest[table.slot(c)];
            }
            out[i] = at;
        }
        IndexColorModel model = new IndexColorModel(8, palette.length, palette, 0, false, -1, DataBuffer.TYPE_BYTE);
        WritableRaster raster =
                Raster.createInterleavedRaster(new DataBufferByte(out, out.length), w, h, w, 1, new int[] {0}, null);
        return new BufferedImage(model, raster, false, null);
    }

    /** The palette of a frame with more colours than a GIF holds: exact colours of areas, then median cut. */
    static int[] choose(ColourTable table, int pixels) {
        int n = table.size();
        int[] colours = table.colours();
        int[] counts = table.counts();
        Integer[] byCount = new Integer[n];
        for (int i = 0; i < n; i++) {
            byCount[i] = i;
        }
        Arrays.sort(byCount, (a, b) -> Integer.compare(counts[b], counts[a]));
        int exact = 0;
        while (exact < EXACT && counts[byCount[exact]] >= pixels * AREA) {
            exact++;
        }
        int[] palette = new int[COLOURS];
        for (int i = 0; i < exact; i++) {
            palette[i] = colours[byCount[i]];
        }
        int rest = n - exact;
        int[] rc = new int[rest];
        int[] rn = new int[rest];
        for (int i = 0; i < rest; i++) {
            rc[i] = colours[byCount[exact + i]];
            rn[i] = counts[byCount[exact + i]];
        }
        int made = MedianCut.cut(rc, rn, COLOURS - exact, palette, exact);
        return Arrays.copyOf(palette, exact + made);
    }
}
