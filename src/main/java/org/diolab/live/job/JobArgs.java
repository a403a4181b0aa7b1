package org.diolab.live.job;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Turns {@code dio-lab bench}-style job options ({@code --rw write --bs 1m --mode bounce --verify}) into a
 * {@link JobSpec}, the way lessons name their live experiments: the same table of options as bench's command line
 * ({@link JobOptions}), with bench's defaults (direct I/O; a runtime is time based). An option's value is the next
 * argument unless that is an option too; a flag may be given a value ({@code --verify 0}).
 */
public final class JobArgs {
    private JobArgs() {}

    /**
     * The job {@code args} describe, named after {@code title} (made file-name safe: "zero-copy mirrors, buffer
     * changing" → {@code zero-copy-mirrors-buffer-changing}); {@link LiveRefusal} with what is wrong otherwise.
     */
    public static JobSpec parse(String title, List<String> args) {
        String name = slug(title);
        Map<JobOption, String> given = new LinkedHashMap<>();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (!a.startsWith("--") || a.length() < 3) {
                throw LiveRefusal.badOption("job '" + title + "': expected an option like --bs, found '" + a + "'");
            }
            String spelling = a.toLowerCase(Locale.ROOT).replace('_', '-');
            JobOption o = JobOptions.byCli(spelling)
                    .orElseThrow(() -> LiveRefusal.badOption("job '" + title + "': option '" + a.substring(2)
                            + "' is not supported; supported: " + JobOptions.cliSpellings()));
            String value = "1";
            if (i + 1 < args.size() && !args.get(i + 1).startsWith("--")) {
                value = args.get(++i);
            }
            given.put(o, value);
        }
        JobDraft d;
        try {
            d = JobOptions.apply(given);
        } catch (LiveRefusal e) {
            throw LiveRefusal.badOption("job '" + title + "': " + e.getMessage());
        }
        d.job().name(name); // the title names the job, whatever --name says
        try {
            return JobOptions.build(d);
        } catch (LiveRefusal e) {
            throw LiveRefusal.badOption("job '" + title + "' [" + name + "]: " + e.getMessage());
        }
    }

    /** A job name JobSpec accepts: lower case letters, digits and . _ + -, at most 64 characters. */
    public static String slug(String title) {
        String s =
                title.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9._+-]+", "-").replaceAll("^-+|-+$", "");
        s = s.isEmpty() ? "job" : s;
        return s.length() <= 64 ? s : s.substring(0, 64).replaceAll("-+$", "");
    }
}
