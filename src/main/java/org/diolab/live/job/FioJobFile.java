package org.diolab.live.job;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.diolab.io.BoundedText;
import org.diolab.io.UnreadableText;

/**
 * Reads fio job files (ini) that use the options DIO Lab runs: {@code [global]} plus one section per job, each
 * {@code key=value} or a bare flag, the keys read with the one table of job options ({@link JobOptions}), where fio's
 * own keys keep fio's meaning and defaults and DIO Lab's additions are marked. Anything else is refused with its line,
 * so a job never silently runs differently from what the file says. Jobs run one after another (as if each had
 * {@code stonewall}), never concurrently.
 */
public final class FioJobFile {
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

    private static JobSpec job(String name, Map<String, Value> opts, String source) {
        JobDraft d = new JobDraft();
        for (var e : opts.entrySet()) {
            String k = e.getKey();
            Value v = e.getValue();
            try {
                JobOption o = JobOptions.byKey(k)
                        .orElseThrow(() -> new IllegalArgumentException(
                                "option '" + k + "' is not supported; supported: " + JobOptions.fileKeys()));
                if (o.inFiles() == JobOption.InFiles.APPLY) {
                    o.set().set(d, k, v.text());
                }
            } catch (IllegalArgumentException | LiveRefusal ex) {
                throw error(source, v.line(), ex.getMessage());
            }
        }
        Duration runtime = d.runtime();
        if (runtime != null || d.timeBased()) {
            if (runtime == null || !d.timeBased()) {
                int line = runtime != null
                        ? opts.get("runtime").line()
                        : opts.get("time_based").line();
                throw error(source, line, "DIO Lab's runtime is time based: give both runtime= and time_based");
            }
            d.job().runtime(runtime);
        }
        // fio's default is direct=0: buffered
        Mode implied = d.uncached() ? Mode.DONTCACHE : Boolean.TRUE.equals(d.direct()) ? Mode.DIRECT : Mode.BUFFERED;
        Mode explicit = d.mode();
        if (explicit != null) {
            Boolean direct = d.direct();
            if (direct != null && explicit.usesODirect() != direct) {
                throw error(
                        source,
                        opts.get("mode").line(),
                        "mode=" + explicit.cliName() + " contradicts" + " direct=" + (direct ? 1 : 0));
            }
            d.job().mode(explicit);
        } else {
            d.job().mode(implied);
        }
        try {
            return d.job().name(name).build();
        } catch (LiveRefusal ex) {
            throw LiveRefusal.badOption(source + " [" + name + "]: " + ex.getMessage());
        }
    }

    private static LiveRefusal error(String source, int line, String message) {
        return LiveRefusal.badOption(source + (line > 0 ? ":" + line : "") + ": " + message);
    }
}
