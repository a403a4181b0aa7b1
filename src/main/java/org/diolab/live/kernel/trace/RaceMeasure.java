package org.diolab.live.kernel.trace;

/**
 * Which of a scenario's I/O loops make its race, and what counts as the race showing, so the lab can compare the
 * race's rate untraced and traced (the observer effect). The loops are the lab's shared helpers' (IoLoop): each says
 * which file it used, whether a scribbler rewrote the buffer meanwhile and whether it asked for NOWAIT.
 *
 * @param file the lab's name of the file ("datasum"), or "" for any
 */
public record RaceMeasure(Loops loops, String file, Shows shows) {
    /** The loops that count. */
    public enum Loops {
        /** Loops while a scribbler rewrote the buffer. */
        SCRIBBLED,
        /** RWF_NOWAIT loops. */
        NOWAIT,
        /** Every loop. */
        ALL,
        /** The scenario's threads are not the lab's loops (the live engine's workers): no rate. */
        NONE
    }

    /** What a race is, per call. */
    public enum Shows {
        EIO,
        EAGAIN,
        /** No per-call failure (the writes' race shows in the legs, afterwards): calls and buffer rewrites only. */
        NOTHING
    }

    public RaceMeasure {
        if (!file.matches("[a-z0-9-]{0,64}")) {
            throw new IllegalArgumentException("not a file tag: " + file);
        }
    }

    public static RaceMeasure eioWhileScribbled(String file) {
        return new RaceMeasure(Loops.SCRIBBLED, file, Shows.EIO);
    }

    public static RaceMeasure eagainOfNowait(String file) {
        return new RaceMeasure(Loops.NOWAIT, file, Shows.EAGAIN);
    }

    public static RaceMeasure callsWhileScribbled() {
        return new RaceMeasure(Loops.SCRIBBLED, "", Shows.NOTHING);
    }

    public static RaceMeasure calls() {
        return new RaceMeasure(Loops.ALL, "", Shows.NOTHING);
    }

    public static RaceMeasure none() {
        return new RaceMeasure(Loops.NONE, "", Shows.NOTHING);
    }

    /** True when a loop of {@code file}, scribbled or not, NOWAIT or not, is part of the race. */
    public boolean counts(String loopFile, boolean scribbled, boolean nowait) {
        boolean kind = switch (loops) {
            case SCRIBBLED -> scribbled;
            case NOWAIT -> nowait;
            case ALL -> true;
            case NONE -> false;
        };
        return kind && (file.isEmpty() || file.equals(loopFile));
    }
}
