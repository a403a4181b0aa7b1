package org.diolab.live.job;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * One option of a job: one entry of the table ({@link JobOptions#ALL}) that {@code dio-lab bench}'s command line,
 * fio job files, lessons' live jobs and the "supported options" messages all read, as fio's options table
 * ({@code struct fio_option}: name, type, range, default, help) serves its command line and job files.
 *
 * @param key     the job-file key: fio's spelling for fio's options ({@code bs}, {@code rwmixread}), DIO Lab's own
 *                for its additions ({@code csum_impl})
 * @param aliases other job-file keys that mean the same ({@code blocksize})
 * @param cli     bench's spelling ({@code --bs}), or "" where only job files take the option ({@code time_based})
 * @param label   bench's parameter label ({@code SIZE}); "" for a flag given by its presence
 * @param help    what bench --help says about it
 * @param type    what it takes; {@code min} and {@code max} bound a size, count or time (milliseconds)
 * @param fio     fio has this option (false: one of DIO Lab's own, which fio would not understand)
 * @param inFiles what a job file does with it
 * @param set     sets the option on a job being put together, from its text as given under {@code spelling}
 */
public record JobOption(
        String key,
        List<String> aliases,
        String cli,
        String label,
        String help,
        Type type,
        long min,
        long max,
        boolean fio,
        InFiles inFiles,
        Setter set) {

    /** What an option's value is. */
    public enum Type {
        /** Bytes: 4096, 4k, 1m, 2g. */
        SIZE,
        /** A whole number. */
        COUNT,
        /** A duration: 10, 10s, 500ms, 2m. */
        TIME,
        /** One of a few names. */
        CHOICE,
        /** On or off: 1/0, true/false, yes/no, on/off in job files; on bench's command line its presence. */
        FLAG,
        /** Free text. */
        TEXT
    }

    /** What a job file does with the option. */
    public enum InFiles {
        APPLY,
        /** Accepted and ignored: it changes nothing DIO Lab does ({@code group_reporting}; a section names its job). */
        IGNORE
    }

    /** Sets an option's value on a job being put together; throws {@link LiveRefusal} (or IllegalArgumentException). */
    @FunctionalInterface
    public interface Setter {
        void set(JobDraft job, String spelling, String text);
    }

    public JobOption {
        aliases = List.copyOf(aliases);
    }

    /** True when bench's command line has it. */
    public boolean onCommandLine() {
        return !cli.isEmpty();
    }

    /** True when bench's option takes a value ({@code --bs 64k}), false for a flag given by its presence. */
    public boolean takesValue() {
        return !label.isEmpty();
    }

    /** True when {@code k} (lower case, '-' as '_') names this option in a job file. */
    public boolean hasKey(String k) {
        return key.equals(k) || aliases.contains(k);
    }

    /** The same option under other job-file keys too. */
    public JobOption alias(String... more) {
        return new JobOption(key, List.of(more), cli, label, help, type, min, max, fio, inFiles, set);
    }

    /** The same option, marked as one of DIO Lab's own (fio has no such option). */
    public JobOption dioLabOnly() {
        return new JobOption(key, aliases, cli, label, help, type, min, max, false, inFiles, set);
    }

    /** The same option, accepted and ignored in job files. */
    public JobOption ignoredInFiles() {
        return new JobOption(key, aliases, cli, label, help, type, min, max, fio, InFiles.IGNORE, set);
    }

    /** A table entry of fio's: applied in job files, with no aliases yet. */
    private static JobOption entry(
            String key, String cli, String label, String help, Type type, long min, long max, Setter set) {
        return new JobOption(key, List.of(), cli, label, help, type, min, max, true, InFiles.APPLY, set);
    }

    /** A size or a count between {@code min} and {@code max}, set on the job as is. */
    static JobOption number(
            Type type,
            String key,
            String cli,
            String label,
            long min,
            long max,
            BiConsumer<JobSpec.Builder, Long> to,
            String help) {
        return entry(
                key,
                cli,
                label,
                help,
                type,
                min,
                max,
                (d, k, t) -> to.accept(
                        d.job(),
                        type == Type.SIZE ? FioUnits.parseSize(k, t, min, max) : FioUnits.parseCount(k, t, min, max)));
    }

    static JobOption time(
            String key, String cli, String label, Duration max, BiConsumer<JobDraft, Duration> to, String help) {
        return entry(
                key,
                cli,
                label,
                help,
                Type.TIME,
                0,
                max.toMillis(),
                (d, k, t) -> to.accept(d, FioUnits.parseTime(k, t, Duration.ZERO, max)));
    }

    static <T> JobOption choice(
            String key, String cli, String label, Function<String, T> parse, BiConsumer<JobDraft, T> to, String help) {
        return entry(key, cli, label, help, Type.CHOICE, 0, 0, (d, k, t) -> to.accept(d, parse.apply(t)));
    }

    /**
     * A flag. On bench's command line it is given by its presence, unless it is on by default: then it takes 0 or 1
     * there too ({@code --invalidate 0}), which {@code label} names.
     */
    static JobOption flag(String key, String cli, String label, BiConsumer<JobDraft, Boolean> to, String help) {
        return entry(key, cli, label, help, Type.FLAG, 0, 1, (d, k, t) -> to.accept(d, bit(k, t)));
    }

    /** An option whose value needs handling of its own ({@code verify=crc32c}, {@code ioengine=psync}). */
    static JobOption custom(String key, String cli, String label, Type type, Setter set, String help) {
        return entry(key, cli, label, help, type, 0, 0, set);
    }

    /**
     * A flag's value: 1/0, true/false, yes/no, on/off. On bench's command line (an option spelled {@code --x}) a
     * number is read as a count from 0 to 1, so {@code --invalidate 2} says its range as other numbers do.
     */
    static boolean bit(String spelling, String text) {
        if (spelling.startsWith("--") && !text.isEmpty() && Character.isDigit(text.charAt(text.length() - 1))) {
            return FioUnits.parseCount(spelling, text, 0, 1) == 1;
        }
        return switch (text.toLowerCase(Locale.ROOT)) {
            case "1", "true", "yes", "on" -> true;
            case "0", "false", "no", "off" -> false;
            default -> throw new IllegalArgumentException("'" + text + "' is not 0 or 1");
        };
    }
}
