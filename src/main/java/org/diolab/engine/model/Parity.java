package org.diolab.engine.model;

import java.util.List;

/**
 * RAID5 parity over the modelled bytes. The kernel XORs the data blocks; here each byte of the parity is the sum of
 * the stripe's bytes modulo the 95 printable ASCII characters, so parity and rebuilt data stay readable on the stage.
 * It has what the lesson needs from XOR: any one block of a stripe follows from the parity and the others, and a
 * rebuild from a parity that was computed from other data yields garbage.
 */
public final class Parity {
    private static final int BASE = 32;
    private static final int SPAN = 95;

    private Parity() {}

    /** The parity of {@code blocks}, which must all have the same length. */
    public static String of(List<String> blocks) {
        int len = blocks.getFirst().length();
        StringBuilder sb = new StringBuilder(len);
        for (int i = 0; i < len; i++) {
            int sum = 0;
            for (String b : blocks) {
                sum += b.charAt(i) - BASE;
            }
            sb.append((char) (Math.floorMod(sum, SPAN) + BASE));
        }
        return sb.toString();
    }

    /** The missing block of a stripe, from its parity and the stripe's other blocks. */
    public static String rebuild(String parity, List<String> others) {
        StringBuilder sb = new StringBuilder(parity.length());
        for (int i = 0; i < parity.length(); i++) {
            int v = parity.charAt(i) - BASE;
            for (String b : others) {
                v -= b.charAt(i) - BASE;
            }
            sb.append((char) (Math.floorMod(v, SPAN) + BASE));
        }
        return sb.toString();
    }
}
