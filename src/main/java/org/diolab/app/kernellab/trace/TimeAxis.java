package org.diolab.app.kernellab.trace;

/**
 * Where a time (µs from the failure's start) sits on the picture's vertical axis. A failure's events come in bursts
 * (a read's submit and issue within a few µs, then 20 ms of checksum work), so a linear axis would stack the bursts
 * into one row: each beat gets a row of its own, in time order, and a time between two beats sits between their rows
 * in proportion. The axis is still a time axis: it only ever goes down as time goes on, and every row is labelled
 * with its µs.
 */
final class TimeAxis {
    private final double[] micros;
    private final double top;
    private final double row;

    TimeAxis(double[] micros, double top, double row) {
        this.micros = micros.clone();
        this.top = top;
        this.row = row;
    }

    /** The y of beat {@code index}'s row. */
    double rowY(int index) {
        return top + row * index;
    }

    /** The y of {@code t} µs: on a beat's row when a beat is at {@code t}, between rows otherwise. */
    double y(double t) {
        if (micros.length == 0) {
            return top;
        }
        if (t <= micros[0]) {
            return top;
        }
        for (int i = 1; i < micros.length; i++) {
            if (t <= micros[i]) {
                double span = micros[i] - micros[i - 1];
                double f = span <= 0 ? 1 : (t - micros[i - 1]) / span;
                return rowY(i - 1) + f * row;
            }
        }
        return rowY(micros.length - 1);
    }

    /** The bottom of the last row. */
    double bottom() {
        return top + row * Math.max(1, micros.length);
    }
}
