package org.diolab.app.live;

import java.text.NumberFormat;
import java.util.Locale;
import javafx.scene.chart.NumberAxis;
import javafx.util.StringConverter;

/**
 * The Live tab's number axes: a few round ticks with room for their labels. Left to itself an axis of MiB/s in the
 * thousands ticks every 250 and draws "1,0001,2501,500" on a narrow tab.
 */
final class LiveAxes {
    /** At most this many intervals between ticks: five labels of "3,000" fit in the narrowest tab. */
    static final int TICKS = 4;

    /** Whole numbers with grouping ("1,500"), one decimal below 10 ("2.5"). */
    static final StringConverter<Number> COMPACT = new StringConverter<>() {
        @Override
        public String toString(Number n) {
            double v = n.doubleValue();
            NumberFormat f = NumberFormat.getNumberInstance(Locale.ROOT);
            f.setGroupingUsed(true);
            f.setMaximumFractionDigits(Math.abs(v) < 10 && v != Math.rint(v) ? 1 : 0);
            return f.format(v);
        }

        @Override
        public Number fromString(String s) {
            return Double.valueOf(s.replace(",", ""));
        }
    };

    private LiveAxes() {}

    /** From 0 to a round number at or above {@code max}, in at most {@link #TICKS} round steps (1, 2, 2.5 or 5 ×10ⁿ). */
    static void niceRange(NumberAxis axis, double max) {
        if (!(max > 0) || Double.isInfinite(max)) {
            axis.setAutoRanging(true);
            return;
        }
        double unit = step(max / TICKS);
        axis.setAutoRanging(false);
        axis.setLowerBound(0);
        axis.setUpperBound(Math.ceil(max / unit) * unit);
        axis.setTickUnit(unit);
    }

    /** The smallest round step (1, 2, 2.5, 5 ×10ⁿ) at least {@code raw}. */
    static double step(double raw) {
        double pow = Math.pow(10, Math.floor(Math.log10(raw)));
        for (double m : new double[] {1, 2, 2.5, 5, 10}) {
            if (m * pow >= raw) {
                return m * pow;
            }
        }
        return 10 * pow;
    }
}
