package org.diolab.live.kernel.trace;

/**
 * What the recorder keeps of a stream of trace lines, so memory stays bounded however long the race runs: the first
 * {@code headLines} (how it started), windows around failures (from the failed call's begin marker, less
 * {@code preLines}, to {@code postLines} after its end, at most {@code maxWindows} of them and {@code maxWindowLines}
 * each), the first {@code phaseLines} after each of the first {@code maxPhases} phase markers (what each phase of the
 * scenario looks like: RAID1's writes and SINGLE's), and the last {@code tailLines} (how it ended: the writeback
 * after the last write). {@code ringLines} is how far back a failure's begin is looked for.
 */
public record WindowPolicy(
        int headLines,
        int ringLines,
        int preLines,
        int postLines,
        int maxWindows,
        int maxWindowLines,
        int tailLines,
        int phaseLines,
        int maxPhases) {
    /** About 40 MB of text at most. */
    public static final WindowPolicy DEFAULT = new WindowPolicy(5_000, 50_000, 200, 400, 32, 20_000, 5_000, 2_000, 24);

    public WindowPolicy {
        if (headLines < 0
                || ringLines < 1
                || preLines < 0
                || postLines < 0
                || maxWindows < 0
                || maxWindowLines < 1
                || tailLines < 0
                || tailLines > ringLines
                || phaseLines < 0
                || maxPhases < 0) {
            throw new IllegalArgumentException("bad window policy");
        }
    }

    /** Without phase windows. */
    public WindowPolicy(
            int headLines,
            int ringLines,
            int preLines,
            int postLines,
            int maxWindows,
            int maxWindowLines,
            int tailLines) {
        this(headLines, ringLines, preLines, postLines, maxWindows, maxWindowLines, tailLines, 0, 0);
    }

    /** The most lines a recording can keep. */
    public long maxLines() {
        return headLines + (long) maxWindows * (maxWindowLines + postLines) + (long) maxPhases * phaseLines + tailLines;
    }
}
