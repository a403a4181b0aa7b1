package org.diolab.live.job;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.diolab.io.BoundedText;
import org.diolab.io.UnreadableText;

/**
 * Reads fio job files (ini) as fio reads them, with the one table of job options ({@link JobOptions}), where fio's
 * own keys keep fio's meaning and defaults and DIO Lab's additions are marked:
 * <ul>
 *   <li>a {@code [global]} section applies to the jobs after it, not to those before (a later {@code [global]}
 *       adds to what the earlier ones set, for the jobs that follow it);</li>
 *   <li>jobs run at the same time, as fio runs them, except that a job with {@code stonewall} waits for every job
 *       before it to end: the file is a list of groups that run one after another, the jobs of a group together
 *       ({@code startdelay} delays one within its group);</li>
 *   <li>options given on the command line ({@code bench FILE --runtime 2s --size 64m}) override the file's, for
 *       every job; bench's {@code --runtime} is time based, as it is without a file;</li>
 *   <li>{@code filename=} names a file inside the scratch directory that the jobs naming it share (see
 *       {@link JobFileName}).</li>
 * </ul>
 * Anything else is refused with its line, so a job never silently runs differently from what the file says.
 */
public final class FioJobFile {
    /** One job of a group and how long after the group's start it begins. */
    public record Planned(JobSpec job, Duration startDelay) {}

    /**
     * The jobs of a file as groups that run one after another (the jobs of one group at the same time), its
     * {@code directory=} if it has one, what {@code --place-in-dir} put inside --dir ("filename=/tmp/x as x"), and
     * what the user must hear about how a job is bounded (fill_device).
     */
    public record Parsed(
            List<List<Planned>> groups, Optional<Path> directory, List<String> placed, List<String> notes) {
        public Parsed {
            groups = groups.stream().map(List::copyOf).toList();
            placed = List.copyOf(placed);
            notes = List.copyOf(notes);
        }

        public Parsed(List<List<Planned>> groups, Optional<Path> directory) {
            this(groups, directory, List.of(), List.of());
        }

        /** Every job, in file order. */
        public List<JobSpec> jobs() {
            return groups.stream().flatMap(List::stream).map(Planned::job).toList();
        }
    }

    private record Value(String text, int line) {}

    private record Section(String name, Map<String, Value> options) {}

    private FioJobFile() {}

    /** Job files are a few lines; anything bigger is not one. */
    static final long MAX_BYTES = 1 << 20;

    public static Parsed read(Path file) {
        return read(file, Map.of());
    }

    /** Reads {@code file}; {@code overrides} (bench's options as given on its command line) win over the file's. */
    public static Parsed read(Path file, Map<JobOption, String> overrides) {
        try {
            return parse(BoundedText.read(file, MAX_BYTES, "job files"), file.toString(), true, overrides);
        } catch (UnreadableText e) {
            String at = e.line() > 1 || e.column() > 1 ? ":" + e.line() + ":" + e.column() : "";
            throw LiveRefusal.badOption("cannot read job file " + file + at + ": " + e.oneLine());
        }
    }

    public static Parsed parse(String text, String source) {
        return parse(text, source, true, Map.of());
    }

    /**
     * @param withLines whether errors name the line (not for text generated from other input: {@link JobArgs})
     */
    static Parsed parse(String text, String source, boolean withLines, Map<JobOption, String> overrides) {
        return parse(text, source, withLines, overrides, System::getenv);
    }

    /** As above, with {@code ${NAME}} looked up in {@code env} (the environment, as fio does; tests give their own). */
    static Parsed parse(
            String text,
            String source,
            boolean withLines,
            Map<JobOption, String> overrides,
            java.util.function.Function<String, String> env) {
        List<Section> jobs = sections(text, source, withLines);
        Map<String, String> placedFrom = new LinkedHashMap<>(); // name inside --dir -> the absolute path it stands for
        for (Section sec : jobs) { // every job's target and kind first: a later job's device or trim is the reason
            whatItRunsOn(sec, source, overrides, env);
            placed(sec, source, overrides, placedFrom);
        }
        Optional<Path> dir = Optional.empty();
        int dirLine = 0;
        List<List<Planned>> groups = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        Map<String, JobSpec> byFile = new HashMap<>();
        int reportGroup = 0; // fio's groupid: a new_group or stonewall after jobs of the current one starts the next
        int inReportGroup = 0;
        for (Section sec : jobs) {
            Value d = sec.options().get("directory");
            if (d != null) {
                Path p = directory(d, source);
                if (dir.isPresent() && !dir.get().equals(p)) {
                    throw error(source, d.line() > 0 ? d.line() : dirLine, "all jobs must use one directory");
                }
                dir = Optional.of(p);
                dirLine = d.line();
            }
            JobDraft draft = draft(sec, source, overrides, env);
            if ((draft.has(JobDraft.Bit.STONEWALL) || draft.has(JobDraft.Bit.NEW_GROUP)) && inReportGroup > 0) {
                reportGroup++;
                inReportGroup = 0;
            }
            inReportGroup++;
            draft.job().cadence(draft.job().cadence().withReportGroup(reportGroup));
            JobSpec job = build(sec, draft, source, overrides, notes);
            sameFileSameSize(byFile, job, source);
            boolean waits = waitsForItsGroup(sec, draft, groups, source); // checked for the first job too
            if (groups.isEmpty() || draft.has(JobDraft.Bit.STONEWALL) || waits) {
                groups.add(new ArrayList<>());
            }
            groups.getLast().add(new Planned(job, draft.startDelay()));
        }
        List<String> placed = placedFrom.entrySet().stream()
                .filter(e -> !e.getValue().isEmpty())
                .map(e -> "filename=" + e.getValue() + " as " + e.getKey())
                .toList();
        return new Parsed(groups, dir, placed, notes);
    }

    /**
     * fio's {@code wait_for=NAME}: the job starts when NAME's workers are done. NAME must come earlier (fio: no
     * forward references). When NAME runs in the group being built and alone there, waiting for it is waiting for the
     * group: a new group, as a stonewall. When NAME ran in an earlier group it is done before this group starts:
     * nothing to wait for. NAME beside other jobs of its group is refused: the groups run one after another, and
     * starting this job when NAME alone ends, while the others run on, is not what they can express.
     */
    private static boolean waitsForItsGroup(Section sec, JobDraft d, List<List<Planned>> groups, String source) {
        String name = d.waitFor();
        if (name == null) {
            return false;
        }
        int line = line(sec.options(), "wait_for");
        if (groups.stream().flatMap(List::stream).noneMatch(p -> p.job().name().equals(name))) {
            throw error(
                    source,
                    line,
                    "wait_for=" + name + " names no job before [" + sec.name() + "]; fio waits"
                            + " only for an earlier job: put [" + name + "] first");
        }
        List<Planned> current = groups.getLast();
        if (current.stream().noneMatch(p -> p.job().name().equals(name))) {
            return false; // its group ended before this one starts
        }
        if (current.size() > 1) {
            throw error(
                    source,
                    line,
                    "wait_for=" + name + ": [" + name + "] runs beside "
                            + current.stream()
                                    .map(p -> "[" + p.job().name() + "]")
                                    .filter(n -> !n.equals("[" + name + "]"))
                                    .collect(java.util.stream.Collectors.joining(", "))
                            + "; DIO Lab runs a file's jobs as groups one after another, so it waits for a whole group"
                            + " (stonewall) but not for one job in it: give [" + name
                            + "] a group of its own (stonewall)");
        }
        return true;
    }

    /** Whether the section's absolute file names go inside --dir: its own place_in_dir, or the command line's. */
    private static boolean placeInDir(Section sec, Map<JobOption, String> overrides) {
        Optional<JobOption> o = JobOptions.byKey("place_in_dir");
        String cli = o.map(overrides::get).orElse(null);
        Value v = sec.options().get("place_in_dir");
        String text = cli != null ? cli : v == null ? null : v.text();
        return text != null && JobOption.bit("place_in_dir", text);
    }

    /**
     * Records what {@code --place-in-dir} puts inside --dir; two different files that would become one (/tmp/a/x and
     * /var/x, or /tmp/x beside a plain x) are refused: fio would run them on two files.
     */
    private static void placed(
            Section sec, String source, Map<JobOption, String> overrides, Map<String, String> placedFrom) {
        Value v = sec.options().get("filename");
        if (v == null) {
            return;
        }
        String t = v.text().trim();
        boolean absolute = t.startsWith("/") && placeInDir(sec, overrides);
        String name = absolute ? JobFileName.plain(t) : t;
        String from = absolute ? t : "";
        String before = placedFrom.putIfAbsent(name, from);
        if (before != null && !before.equals(from)) {
            throw error(
                    source,
                    v.line(),
                    "filename=" + t + " and " + (before.isEmpty() ? name : before) + " would both be " + name
                            + " inside --dir, one file where fio has two; rename one");
        }
    }

    /** The job sections, each with its options: the {@code [global]} options before it, then its own. */
    private static List<Section> sections(String text, String source, boolean withLines) {
        Map<String, Value> global = new LinkedHashMap<>();
        List<Section> jobs = new ArrayList<>();
        Map<String, Value> current = null;
        String[] lines = text.split("\\R", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = stripComment(lines[i]).trim();
            int n = i + 1;
            if (line.isEmpty()) {
                continue;
            }
            if (line.startsWith("[")) {
                if (!line.endsWith("]") || line.length() < 3) {
                    throw error(source, n, "section header '" + line + "' must look like [jobname]");
                }
                String name = line.substring(1, line.length() - 1).trim();
                if (name.equals("global")) {
                    current = global;
                } else {
                    if (jobs.stream().anyMatch(s -> s.name().equals(name))) {
                        throw error(source, n, "job [" + name + "] appears twice");
                    }
                    current = new LinkedHashMap<>(global); // what [global] said so far; later [global]s do not reach it
                    jobs.add(new Section(name, current));
                }
                continue;
            }
            if (current == null) {
                throw error(source, n, "option outside a section; start with [global] or [jobname]");
            }
            int eq = line.indexOf('=');
            String key = (eq < 0 ? line : line.substring(0, eq))
                    .trim()
                    .toLowerCase(Locale.ROOT)
                    .replace('-', '_');
            String value = eq < 0 ? "1" : line.substring(eq + 1).trim();
            current.remove(key); // a job's own value comes after the global ones, in the order the job gives them
            current.put(key, new Value(value, withLines ? n : 0));
        }
        if (jobs.isEmpty()) {
            throw LiveRefusal.badOption(source + ": no job section; add one, e.g. [seqwrite]");
        }
        return jobs;
    }

    private static final java.util.regex.Pattern ENV =
            java.util.regex.Pattern.compile("\\$\\{([A-Za-z_][A-Za-z0-9_]*)}");

    /**
     * A value with fio's {@code ${NAME}} expanded from the environment, as fio does before it reads the option; a
     * name the environment does not have is refused, naming it (fio would leave the text as it is and then fail on
     * it).
     */
    private static String expand(String value, java.util.function.Function<String, String> environment) {
        java.util.regex.Matcher m = ENV.matcher(value);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String v = environment.apply(m.group(1));
            if (v == null) {
                throw new IllegalArgumentException(
                        "${" + m.group(1) + "} is not set in the environment (fio takes ${NAME} from it): set it,"
                                + " e.g. " + m.group(1) + "=VALUE dio-lab bench FILE");
            }
            m.appendReplacement(out, java.util.regex.Matcher.quoteReplacement(v));
        }
        m.appendTail(out);
        return out.toString();
    }

    /** A line without its trailing comment: fio takes {@code ;} and {@code #} after a value as one. */
    private static String stripComment(String line) {
        String t = line.stripLeading();
        if (t.startsWith("#") || t.startsWith(";")) {
            return "";
        }
        int cut = line.length();
        for (String mark : new String[] {" #", "\t#", " ;", "\t;"}) {
            int at = line.indexOf(mark);
            if (at >= 0) {
                cut = Math.min(cut, at);
            }
        }
        return line.substring(0, cut);
    }

    private static Path directory(Value v, String source) {
        if (v.text().isEmpty()) {
            throw error(
                    source,
                    v.line(),
                    "directory= is empty (it would mean the current directory); give the"
                            + " scratch directory, or leave the line out and pass --dir");
        }
        return Path.of(v.text());
    }

    /** The file's options for one job, then the command line's over them. */
    private static JobDraft draft(
            Section sec,
            String source,
            Map<JobOption, String> overrides,
            java.util.function.Function<String, String> env) {
        JobDraft d = new JobDraft();
        d.set(JobDraft.Bit.PLACE_IN_DIR, placeInDir(sec, overrides)); // before filename=, wherever the file puts it
        for (var e : sec.options().entrySet()) {
            String k = e.getKey();
            Value v = e.getValue();
            try {
                JobOption o = JobOptions.byKey(k)
                        .orElseThrow(() -> new IllegalArgumentException(
                                "option '" + k + "' is not supported; supported: " + JobOptions.fileKeys()));
                if (o.inFiles() == JobOption.InFiles.APPLY) {
                    o.set().set(d, k, expand(v.text(), env));
                }
            } catch (IllegalArgumentException | LiveRefusal ex) {
                throw error(source, v.line(), ex.getMessage());
            }
        }
        for (JobOption o : JobOptions.ALL) {
            String text = overrides.get(o);
            if (text != null) {
                try {
                    o.set().set(d, o.cli(), text);
                } catch (IllegalArgumentException | LiveRefusal ex) {
                    throw LiveRefusal.badOption(o.cli() + ": " + ex.getMessage());
                }
            }
        }
        return d;
    }

    /**
     * The options that say what a job runs on, the engine first: the engine, the file, whether it must exist; then
     * what it does to it (a trim is a block device's operation).
     */
    private static final List<String> TARGET_KEYS =
            List.of("ioengine", "filename", "filename_format", "allow_file_create", "rw", "readwrite");

    /**
     * Checks the engine, the file and the kind of I/O of every job before anything else, so a file with a job on a
     * device, over a network, with an engine DIO Lab does not have or that trims is refused for that, whatever other
     * option it has that DIO Lab lacks.
     */
    private static void whatItRunsOn(
            Section sec,
            String source,
            Map<JobOption, String> overrides,
            java.util.function.Function<String, String> env) {
        JobDraft scratch = new JobDraft();
        scratch.set(JobDraft.Bit.PLACE_IN_DIR, placeInDir(sec, overrides));
        for (String key : TARGET_KEYS) {
            Value v = sec.options().get(key);
            // rw=${FIO_RW} (xnvme-fdp's): read with the other options, in file order
            boolean fromEnv = (key.equals("rw") || key.equals("readwrite"))
                    && v != null
                    && v.text().contains("${");
            if (v != null && !fromEnv) {
                try {
                    JobOptions.byKey(key).orElseThrow().set().set(scratch, key, expand(v.text(), env));
                } catch (IllegalArgumentException | LiveRefusal ex) {
                    throw error(source, v.line(), ex.getMessage());
                }
            }
        }
    }

    /** Resolves what needs every option: the runtime (fio's needs time_based to loop) and the I/O mode. */
    private static JobSpec build(
            Section sec, JobDraft d, String source, Map<JobOption, String> overrides, List<String> notes) {
        Map<String, Value> opts = sec.options();
        Duration runtime = d.runtime();
        boolean cliRuntime =
                JobOptions.byCli("--runtime").map(overrides::containsKey).orElse(false);
        if (cliRuntime && runtime != null) {
            d.job().runtime(runtime); // bench's --runtime is time based, with a file too
        } else if (runtime != null) {
            if (d.has(JobDraft.Bit.TIME_BASED)) {
                d.job().runtime(runtime);
            } else {
                d.job().runtimeCap(runtime); // fio: one pass, stopped at the runtime if not done by then
            }
        } else if (d.has(JobDraft.Bit.TIME_BASED)) {
            throw error(source, line(opts, "time_based"), "time_based needs runtime= (how long to loop)");
        }
        if (d.has(JobDraft.Bit.FILL_DEVICE)) {
            fillDevice(opts, d, source, overrides, runtime);
        }
        // fio's default is direct=0: buffered
        Mode implied = d.has(JobDraft.Bit.UNCACHED)
                ? Mode.DONTCACHE
                : Boolean.TRUE.equals(d.direct()) ? Mode.DIRECT : Mode.BUFFERED;
        Mode explicit = d.mode();
        boolean cliMode = JobOptions.byCli("--mode").map(overrides::containsKey).orElse(false);
        if (explicit != null) {
            Boolean direct = d.direct();
            if (!cliMode && direct != null && explicit.usesODirect() != direct) {
                throw error(
                        source,
                        line(opts, "mode"),
                        "mode=" + explicit.cliName() + " contradicts" + " direct=" + (direct ? 1 : 0));
            }
            d.job().mode(explicit);
        } else {
            d.job().mode(implied);
        }
        JobSpec job;
        try {
            VerifyOptions.resolve(d);
            job = d.job().name(sec.name()).build();
        } catch (LiveRefusal ex) {
            throw LiveRefusal.badOption(source + " [" + sec.name() + "]: " + ex.getMessage());
        }
        if (d.has(JobDraft.Bit.FILL_DEVICE)) {
            notes.add("fill_device=1 in [" + job.name() + "]: DIO Lab writes its file once, "
                    + FioUnits.formatSize(job.size()) + " (the job's size), and stops there, never filling the"
                    + " filesystem");
        }
        return job;
    }

    /**
     * fio's fill_device on a file writes until the filesystem is full unless a size bounds it. DIO Lab never fills a
     * user's filesystem: it needs the size (the file's or --size), writes the file once (a runtime only caps it, as
     * fio's fill ends at the size, not at a time), and the file is laid out in full first, so it meets no ENOSPC.
     */
    private static void fillDevice(
            Map<String, Value> opts, JobDraft d, String source, Map<JobOption, String> overrides, Duration runtime) {
        boolean sized = opts.containsKey("size")
                || opts.containsKey("filesize")
                || JobOptions.byCli("--size").map(overrides::containsKey).orElse(false);
        if (!sized) {
            throw error(
                    source,
                    line(opts, "fill_device"),
                    "fill_device=1 with no size would fill the filesystem of --dir; give size= or --size: DIO Lab"
                            + " then writes the job's file to that size, never the whole filesystem");
        }
        if (runtime != null) {
            d.job().runtimeCap(runtime);
        }
    }

    /** Jobs naming one {@code filename} share the file, so they must agree on its size. */
    private static void sameFileSameSize(Map<String, JobSpec> byFile, JobSpec job, String source) {
        if (job.filename().isEmpty()) {
            return;
        }
        JobSpec other = byFile.putIfAbsent(job.filename(), job);
        if (other != null && other.size() != job.size()) {
            throw LiveRefusal.badOption(source + " [" + job.name() + "]: filename=" + job.filename() + " is also ["
                    + other.name() + "]'s, with size " + FioUnits.formatSize(other.size()) + ", not "
                    + FioUnits.formatSize(job.size()) + "; give the jobs sharing a file one size (or --size)");
        }
    }

    private static int line(Map<String, Value> opts, String key) {
        Value v = opts.get(key);
        return v == null ? 0 : v.line();
    }

    private static LiveRefusal error(String source, int line, String message) {
        return LiveRefusal.badOption(source + (line > 0 ? ":" + line : "") + ": " + message);
    }
}
