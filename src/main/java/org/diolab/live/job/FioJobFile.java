package org.diolab.live.job;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.diolab.io.BoundedText;
import org.diolab.io.UnreadableText;

/**
 * Reads fio job files (ini) that use the options DIO Lab runs: {@code [global]} plus one section per job, each
 * {@code key=value} or a bare flag. fio's own keys keep fio's meaning and defaults ({@code direct=0} is buffered,
 * {@code uncached=1} is DONTCACHE, {@code runtime} needs {@code time_based}, {@code iomem=malloc} is 4 KiB pages);
 * DIO Lab's additions are {@code mode}, {@code csum}, {@code csum_impl}, {@code mirrors}, {@code mutators},
 * {@code shared_file} (all threads on one file, what fio does when jobs share a {@code filename}) and
 * {@code iomem=thp} (its default, see {@link BufferMemory}). Anything else is refused with its line, so
 * a job never silently runs differently from what the file says. Jobs run one after another (as if each had
 * {@code stonewall}), never concurrently.
 */
public final class FioJobFile {
    private static final Set<String> ENGINES = Set.of("psync", "sync", "pvsync", "pvsync2");
    private static final Set<String> IGNORED = Set.of("group_reporting", "thread", "name", "description");

    /** The jobs of a file, and its {@code directory=} if it has one. */
    public record Parsed(List<JobSpec> jobs, Optional<Path> directory) {
        public Parsed {
            jobs = List.copyOf(jobs);
        }
    }

    private record Value(String text, int line) {}

    private FioJobFile() {}

    /** Job files are a few lines; anything bigger is not one. */
    static final long MAX_BYTES = 1 << 20;

    public static Parsed read(Path file) {
        try {
            return parse(BoundedText.read(file, MAX_BYTES, "job files"), file.toString());
        } catch (UnreadableText e) {
            String at = e.line() > 1 || e.column() > 1 ? ":" + e.line() + ":" + e.column() : "";
            throw LiveRefusal.badOption("cannot read job file " + file + at + ": " + e.oneLine());
        }
    }

    public static Parsed parse(String text, String source) {
        return parse(text, source, true);
    }

    /** @param withLines whether errors name the line (not for text generated from other input: {@link JobArgs}) */
    static Parsed parse(String text, String source, boolean withLines) {
        Map<String, Value> global = new LinkedHashMap<>();
        Map<String, Map<String, Value>> sections = new LinkedHashMap<>();
        Map<String, Value> current = null;
        String[] lines = text.split("\\R", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].trim();
            int n = i + 1;
            if (line.isEmpty() || line.startsWith("#") || line.startsWith(";")) {
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
                    if (sections.containsKey(name)) {
                        throw error(source, n, "job [" + name + "] appears twice");
                    }
                    current = new LinkedHashMap<>();
                    sections.put(name, current);
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
            current.put(key, new Value(value, withLines ? n : 0));
        }
        if (sections.isEmpty()) {
            throw LiveRefusal.badOption(source + ": no job section; add one, e.g. [seqwrite]");
        }
        List<JobSpec> jobs = new ArrayList<>();
        Optional<Path> dir = Optional.ofNullable(global.get("directory")).map(v -> directory(v, source));
        for (var e : sections.entrySet()) {
            Map<String, Value> opts = new LinkedHashMap<>(global);
            opts.putAll(e.getValue());
            if (e.getValue().containsKey("directory")) {
                Path d = directory(e.getValue().get("directory"), source);
                if (dir.isPresent() && !dir.get().equals(d)) {
                    throw error(source, e.getValue().get("directory").line(), "all jobs must use one directory");
                }
                dir = Optional.of(d);
            }
            jobs.add(job(e.getKey(), opts, source));
        }
        return new Parsed(jobs, dir);
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

    private static int count(String key, Value v, int min, int max) {
        return (int) FioUnits.parseCount(key, v.text(), min, max);
    }

    private static JobSpec job(String name, Map<String, Value> opts, String source) {
        JobSpec.Builder b = JobSpec.builder().name(name).mode(Mode.BUFFERED); // fio's default is direct=0
        Mode explicitMode = null;
        Boolean direct = null;
        boolean uncached = false;
        boolean timeBased = false;
        Value runtime = null;
        for (var e : opts.entrySet()) {
            String k = e.getKey();
            Value v = e.getValue();
            try {
                switch (k) {
                    case "rw", "readwrite" -> b.rw(RwPattern.parse(v.text()));
                    case "rwmixread" -> b.rwmixread(count(k, v, 0, 100));
                    case "rwmixwrite" -> b.rwmixread(100 - count(k, v, 0, 100));
                    case "bs", "blocksize" -> b.bs(FioUnits.parseSize(k, v.text(), 1, JobSpec.MAX_BS));
                    case "size" -> b.size(FioUnits.parseSize(k, v.text(), 1, JobSpec.MAX_SIZE));
                    case "runtime" -> runtime = v;
                    case "time_based" -> timeBased = flag(v);
                    case "numjobs" -> b.numjobs(count(k, v, 1, JobSpec.MAX_NUMJOBS));
                    case "direct" -> direct = flag(v);
                    case "buffered" -> direct = !flag(v);
                    case "uncached" -> uncached = flag(v);
                    case "nowait" -> b.nowait(flag(v));
                    case "verify" -> b.verify(!v.text().equals("0") && !v.text().equalsIgnoreCase("none"));
                    case "end_fsync" -> b.endFsync(flag(v));
                    case "invalidate" -> b.invalidate(flag(v));
                    case "randseed" -> b.randseed(FioUnits.parseCount(k, v.text(), 0, Long.MAX_VALUE));
                    case "mode" -> explicitMode = Mode.parse(v.text());
                    case "csum" -> b.csum(CsumMode.parse(v.text()));
                    case "csum_impl" -> b.csumImpl(CsumImpl.parse(v.text()));
                    case "mirrors" -> b.mirrors(count(k, v, 1, JobSpec.MAX_MIRRORS));
                    case "mutators" -> b.mutators(count(k, v, 0, JobSpec.MAX_MUTATORS));
                    case "shared_file" -> b.sharedFile(flag(v));
                    case "iomem", "mem" -> b.iomem(BufferMemory.parse(v.text()));
                    case "iodepth" -> {
                        if (FioUnits.parseCount(k, v.text(), 1, 65536) != 1) {
                            throw new IllegalArgumentException("iodepth must be 1: DIO Lab runs psync semantics");
                        }
                    }
                    case "ioengine" -> {
                        if (!ENGINES.contains(v.text())) {
                            throw new IllegalArgumentException("ioengine " + v.text() + " is not supported; DIO Lab"
                                    + " runs synchronous positional I/O (psync, pvsync2)");
                        }
                    }
                    case "filename", "filename_format" ->
                        throw new IllegalArgumentException(k + " is not"
                                + " supported: DIO Lab only touches files it creates itself; give directory= instead");
                    case "directory" -> {}
                    default -> {
                        if (!IGNORED.contains(k)) {
                            throw new IllegalArgumentException("option '" + k + "' is not supported; supported: rw,"
                                    + " rwmixread, bs, size, runtime, time_based, numjobs, direct, buffered, uncached,"
                                    + " nowait, verify, end_fsync, invalidate, randseed, ioengine, iodepth, directory, iomem, mode,"
                                    + " csum, csum_impl, mirrors, mutators, shared_file");
                        }
                    }
                }
            } catch (IllegalArgumentException | LiveRefusal ex) {
                throw error(source, v.line(), ex.getMessage());
            }
        }
        if (runtime != null || timeBased) {
            if (runtime == null || !timeBased) {
                int line = runtime != null
                        ? runtime.line()
                        : opts.get("time_based").line();
                throw error(source, line, "DIO Lab's runtime is time based: give both runtime= and time_based");
            }
            try {
                b.runtime(FioUnits.parseTime("runtime", runtime.text(), Duration.ZERO, JobSpec.MAX_RUNTIME));
            } catch (LiveRefusal ex) {
                throw error(source, runtime.line(), ex.getMessage());
            }
        }
        Mode implied = uncached ? Mode.DONTCACHE : Boolean.TRUE.equals(direct) ? Mode.DIRECT : Mode.BUFFERED;
        if (explicitMode != null) {
            if (direct != null && explicitMode.usesODirect() != direct) {
                throw error(
                        source,
                        opts.get("mode").line(),
                        "mode=" + explicitMode.cliName() + " contradicts" + " direct=" + (direct ? 1 : 0));
            }
            b.mode(explicitMode);
        } else {
            b.mode(implied);
        }
        try {
            return b.build();
        } catch (LiveRefusal ex) {
            throw LiveRefusal.badOption(source + " [" + name + "]: " + ex.getMessage());
        }
    }

    private static boolean flag(Value v) {
        return switch (v.text().toLowerCase(Locale.ROOT)) {
            case "1", "true", "yes", "on" -> true;
            case "0", "false", "no", "off" -> false;
            default -> throw new IllegalArgumentException("'" + v.text() + "' is not 0 or 1");
        };
    }

    private static LiveRefusal error(String source, int line, String message) {
        return LiveRefusal.badOption(source + (line > 0 ? ":" + line : "") + ": " + message);
    }
}
