package org.diolab.live.job;

import java.util.List;
import java.util.Locale;

/**
 * Turns {@code dio-lab bench}-style job options ({@code --rw write --bs 1m --mode bounce --verify}) into a
 * {@link JobSpec}, the way lessons name their live experiments. It rewrites them as a fio job section and lets
 * {@link FioJobFile} apply them, so the option names and checks live in one place.
 */
public final class JobArgs {
    private JobArgs() {}

    /**
     * The job {@code args} describe, named after {@code title} (made file-name safe: "zero-copy mirrors, buffer
     * changing" → {@code zero-copy-mirrors-buffer-changing}); {@link LiveRefusal} with what is wrong otherwise.
     * Default mode: direct, as for {@code bench}.
     */
    public static JobSpec parse(String title, List<String> args) {
        String name = slug(title);
        StringBuilder ini = new StringBuilder("[").append(name).append("]\n");
        boolean mode = false;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (!a.startsWith("--") || a.length() < 3) {
                throw LiveRefusal.badOption("job '" + title + "': expected an option like --bs, found '" + a + "'");
            }
            String key = a.substring(2).toLowerCase(Locale.ROOT).replace('-', '_');
            String value = "1";
            if (i + 1 < args.size() && !args.get(i + 1).startsWith("--")) {
                value = args.get(++i);
            }
            ini.append(key).append('=').append(value).append('\n');
            if (key.equals("runtime")) {
                ini.append("time_based=1\n"); // bench's --runtime is time based
            }
            mode |= key.equals("mode") || key.equals("direct") || key.equals("buffered") || key.equals("uncached");
        }
        if (!mode) {
            ini.append("mode=direct\n"); // bench's default, unlike fio's direct=0
        }
        return FioJobFile.parse(ini.toString(), "job '" + title + "'", false)
                .jobs()
                .getFirst();
    }

    /** A job name JobSpec accepts: lower case letters, digits and . _ + -, at most 64 characters. */
    public static String slug(String title) {
        String s =
                title.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9._+-]+", "-").replaceAll("^-+|-+$", "");
        s = s.isEmpty() ? "job" : s;
        return s.length() <= 64 ? s : s.substring(0, 64).replaceAll("-+$", "");
    }
}
