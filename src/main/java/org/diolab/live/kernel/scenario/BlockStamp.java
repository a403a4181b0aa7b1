package org.diolab.live.kernel.scenario;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.TreeSet;

/**
 * The self-describing 4 KiB blocks the buffered-divergence writer writes: 256 copies of one 16-byte stamp (a magic
 * word, the block's number, the write's generation, and a check word), so any copy of a block read from anywhere says
 * which block it is, which write it comes from, and whether it is whole: a block whose stamps differ was copied
 * while a write into it was under way (torn).
 */
final class BlockStamp {
    static final int BLOCK = 4096;
    static final int STAMP = 16;
    static final int MAGIC = 0x424f4944; // "DIOB" little-endian
    private static final int CHECK = 0x5eed1e55;

    /** What a copy of a block holds. */
    enum Kind {
        /** One whole stamp of this block: {@link Decoded#generation()} is the write it comes from. */
        WHOLE,
        /** Stamps of this block from several writes: a write was copied in part. */
        TORN,
        /** Not this block's stamp (another block's, or no stamp): the copy was read from the wrong place. */
        FOREIGN
    }

    /** A decoded copy: its kind, and for a whole one the generation (for a torn one the newest seen). */
    record Decoded(Kind kind, long generation, int generations) {
        String describe() {
            return switch (kind) {
                case WHOLE -> String.format(java.util.Locale.ROOT, "write %,d", generation);
                case TORN ->
                    String.format(java.util.Locale.ROOT, "parts of %d writes (newest %,d)", generations, generation);
                case FOREIGN -> "no stamp of this block";
            };
        }
    }

    private BlockStamp() {}

    /** Fills the 4 KiB at {@code at} of {@code dst} with block {@code block}'s stamp of write {@code generation}. */
    static void write(MemorySegment dst, long at, int block, int generation) {
        int check = MAGIC ^ block ^ generation ^ CHECK;
        for (long o = at; o < at + BLOCK; o += STAMP) {
            dst.set(ValueLayout.JAVA_INT_UNALIGNED, o, MAGIC);
            dst.set(ValueLayout.JAVA_INT_UNALIGNED, o + 4, block);
            dst.set(ValueLayout.JAVA_INT_UNALIGNED, o + 8, generation);
            dst.set(ValueLayout.JAVA_INT_UNALIGNED, o + 12, check);
        }
    }

    /** What {@code copy} (4 KiB) says about block {@code block}. */
    static Decoded decode(byte[] copy, int block) {
        ByteBuffer b = ByteBuffer.wrap(copy).order(ByteOrder.nativeOrder());
        TreeSet<Integer> gens = new TreeSet<>();
        for (int o = 0; o + STAMP <= copy.length; o += STAMP) {
            int magic = b.getInt(o);
            int blk = b.getInt(o + 4);
            int gen = b.getInt(o + 8);
            int check = b.getInt(o + 12);
            if (magic != MAGIC || blk != block || check != (MAGIC ^ blk ^ gen ^ CHECK)) {
                return new Decoded(Kind.FOREIGN, -1, 0);
            }
            gens.add(gen);
        }
        if (gens.isEmpty()) {
            return new Decoded(Kind.FOREIGN, -1, 0);
        }
        return gens.size() == 1
                ? new Decoded(Kind.WHOLE, gens.first(), 1)
                : new Decoded(Kind.TORN, gens.last(), gens.size());
    }
}
