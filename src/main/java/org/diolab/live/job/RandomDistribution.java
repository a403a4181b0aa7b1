package org.diolab.live.job;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * fio's {@code random_distribution}: how a random job picks the blocks it visits. Uniform is fio's default (with its
 * random map: every block once per pass); the others make some blocks hot, and like fio they draw every offset afresh
 * (a non-uniform distribution turns the random map off). The skewed ones work on ranks: rank 0 is the most likely
 * block, and ranks are scattered over the file (an odd-multiplier hash, then an offset: fio's {@code center}, or one
 * drawn from the seed) so the hot blocks are not all at the front.
 */
public sealed interface RandomDistribution {
    /** fio's default theta for zipf and power for pareto when the option names the model without a value. */
    double DEFAULT_ZIPF = 1.1;

    double DEFAULT_PARETO = 0.2;

    /** No center given: the ranks start at an offset drawn from the seed, as fio's do. */
    double NO_CENTER = -1;

    /** fio takes at most 256 zones. */
    int MAX_ZONES = 256;

    /** fio's {@code random}: uniform. */
    record Uniform() implements RandomDistribution {}

    /** fio's {@code zipf:theta[:center]}: rank r is drawn with probability proportional to 1/(r+1)^theta. */
    record Zipf(double theta, double center) implements RandomDistribution {}

    /** fio's {@code pareto:h[:center]}: rank n*u^(log h / log(1-h)) for a uniform u. */
    record Pareto(double h, double center) implements RandomDistribution {}

    /**
     * fio's {@code normal:dev[:center]} (also {@code gauss}): the mean of twelve uniform draws over the file, plus a
     * uniform jitter {@code dev} percent of the file wide; center 0.5 by default.
     */
    record Normal(double dev, double center) implements RandomDistribution {}

    /**
     * One zone of a zoned distribution: {@code access} percent of the I/O goes to the next {@code extent}: a percent
     * of the file ({@code zoned}) or bytes ({@code zoned_abs}).
     */
    record Zone(int access, long extent) {}

    /** fio's {@code zoned:A/R:...} ({@code absolute} false) or {@code zoned_abs:A/SIZE:...}; uniform inside a zone. */
    record Zoned(List<Zone> zones, boolean absolute) implements RandomDistribution {
        public Zoned {
            zones = List.copyOf(zones);
        }
    }

    RandomDistribution UNIFORM = new Uniform();

    /** True for fio's default (uniform, with the random map). */
    default boolean uniform() {
        return this instanceof Uniform;
    }

    /** How fio spells it: {@code zipf:1.2}, {@code zoned:60/10:40/90}, {@code random}. */
    default String fioText() {
        return switch (this) {
            case Uniform u -> "random";
            case Zipf z -> "zipf:" + number(z.theta()) + center(z.center());
            case Pareto p -> "pareto:" + number(p.h()) + center(p.center());
            case Normal n -> "normal:" + number(n.dev()) + center(n.center());
            case Zoned z ->
                (z.absolute() ? "zoned_abs:" : "zoned:")
                        + String.join(
                                ":",
                                z.zones().stream()
                                        .map(x -> x.access() + "/"
                                                + (z.absolute() ? FioUnits.formatSize(x.extent()) : x.extent()))
                                        .toList());
        };
    }

    private static String center(double c) {
        return c == NO_CENTER ? "" : ":" + number(c);
    }

    private static String number(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }

    /**
     * Reads fio's text; throws IllegalArgumentException with a one-line reason (fio's own limits: zipf theta not 1,
     * pareto h in (0,1), normal dev in [0,100), center in [0,1], zone percentages adding up to 100).
     */
    static RandomDistribution parse(String spelling, String text) {
        String t = text.trim();
        int colon = t.indexOf(':');
        String model = (colon < 0 ? t : t.substring(0, colon)).toLowerCase(Locale.ROOT);
        String rest = colon < 0 ? "" : t.substring(colon + 1);
        if (model.startsWith("zoned_abs=")) { // fio's own HOWTO spells it so once
            model = "zoned_abs";
            rest = t.substring("zoned_abs=".length());
        }
        return switch (model) {
            case "random" -> UNIFORM;
            case "zipf" -> {
                double[] v = values(spelling, rest, DEFAULT_ZIPF);
                if (v[0] == 1.0 || v[0] <= 0) {
                    throw new IllegalArgumentException(
                            spelling + "=" + text + ": zipf's theta must be above 0 and" + " not 1, e.g. zipf:1.2");
                }
                yield new Zipf(v[0], v[1]);
            }
            case "pareto" -> {
                double[] v = values(spelling, rest, DEFAULT_PARETO);
                if (v[0] <= 0 || v[0] >= 1) {
                    throw new IllegalArgumentException(
                            spelling + "=" + text + ": pareto's h must be between 0 and 1, e.g. pareto:0.9");
                }
                yield new Pareto(v[0], v[1]);
            }
            case "normal", "gauss" -> {
                double[] v = values(spelling, rest, 0);
                if (v[0] < 0 || v[0] >= 100) {
                    throw new IllegalArgumentException(spelling + "=" + text
                            + ": normal's deviation is a percentage from 0 to below 100, e.g. normal:10");
                }
                yield new Normal(v[0], v[1]);
            }
            case "zoned", "zoned_abs" -> zoned(spelling, text, rest, model.equals("zoned_abs"));
            default ->
                throw new IllegalArgumentException(spelling + "=" + text + ": DIO Lab has random, zipf,"
                        + " pareto, normal, zoned and zoned_abs (fio's sequence is not run)");
        };
    }

    /** {@code VALUE[:CENTER]} after the model's name, VALUE defaulting to {@code value}. */
    private static double[] values(String spelling, String rest, double value) {
        String[] parts = rest.isBlank() ? new String[0] : rest.split(":", -1);
        if (parts.length > 2) {
            throw new IllegalArgumentException(spelling + ": give MODEL:VALUE or MODEL:VALUE:CENTER");
        }
        double v = parts.length > 0 ? decimal(spelling, parts[0]) : value;
        double c = parts.length > 1 ? decimal(spelling, parts[1]) : NO_CENTER;
        if (parts.length > 1 && (c < 0 || c > 1)) {
            throw new IllegalArgumentException(spelling + ": the center " + parts[1] + " must be between 0 and 1");
        }
        return new double[] {v, c};
    }

    private static double decimal(String spelling, String s) {
        try {
            double d = Double.parseDouble(s.trim());
            if (!Double.isFinite(d)) {
                throw new NumberFormatException();
            }
            return d;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(spelling + ": '" + s + "' is not a number");
        }
    }

    /**
     * fio's zones: {@code ACCESS/EXTENT} pairs; a blank part gets an equal share of what the others leave. Accesses
     * must add up to 100, as fio requires; relative extents to at most 100 (the rest of the file is not visited).
     */
    private static Zoned zoned(String spelling, String text, String rest, boolean absolute) {
        if (rest.contains(",")) {
            throw new IllegalArgumentException(spelling + "=" + text + ": DIO Lab takes one set of zones for reads"
                    + " and writes; drop the part after the comma");
        }
        String[] parts = rest.split(":", -1);
        List<long[]> raw = new ArrayList<>();
        for (String p : parts) {
            if (p.isBlank()) {
                break; // fio stops at an empty entry
            }
            int slash = p.indexOf('/');
            String a = slash < 0 ? p : p.substring(0, slash);
            String e = slash < 0 ? "" : p.substring(slash + 1);
            long access = FioUnits.parseCount(spelling, a.trim(), 0, 100);
            long extent = e.isBlank()
                    ? -1
                    : absolute
                            ? FioUnits.parseSize(spelling, e.trim(), 1, JobSpec.MAX_SIZE)
                            : FioUnits.parseCount(spelling, e.trim(), 0, 100);
            raw.add(new long[] {access, extent});
        }
        if (raw.isEmpty() || raw.size() > MAX_ZONES) {
            throw new IllegalArgumentException(
                    spelling + "=" + text + ": give 1 to " + MAX_ZONES + " zones, e.g. zoned:60/10:40/90");
        }
        long accessSum = raw.stream().mapToLong(z -> z[0]).sum();
        if (accessSum != 100) {
            throw new IllegalArgumentException(
                    spelling + "=" + text + ": the access percentages add up to " + accessSum + ", not 100");
        }
        if (!absolute) {
            long given =
                    raw.stream().filter(z -> z[1] >= 0).mapToLong(z -> z[1]).sum();
            long blank = raw.stream().filter(z -> z[1] < 0).count();
            if (given > 100) {
                throw new IllegalArgumentException(
                        spelling + "=" + text + ": the zones cover " + given + "% of the file, more than 100%");
            }
            for (long[] z : raw) {
                if (z[1] < 0) {
                    z[1] = (100 - given) / blank;
                }
            }
        } else if (raw.stream().anyMatch(z -> z[1] < 0)) {
            throw new IllegalArgumentException(spelling + "=" + text + ": zoned_abs needs a size for every zone");
        }
        List<Zone> zones = new ArrayList<>();
        for (long[] z : raw) {
            zones.add(new Zone((int) z[0], z[1]));
        }
        return new Zoned(zones, absolute);
    }
}
