package org.diolab.live.job;

/**
 * A job file's {@code filename=}, as DIO Lab takes it: one plain name, which names a file of the run inside the
 * scratch directory (created by DIO Lab, shared by every job naming it, removed at the end). Absolute paths, devices,
 * subdirectories, {@code ..} and fio's lists of several files ({@code a:b}) are refused, naming the option: DIO Lab
 * touches only files it creates itself, inside {@code --dir}. With {@code --place-in-dir} an absolute path (not a
 * device) names the file of its last name inside {@code --dir} instead: fio's example files write to
 * {@code /tmp/testfile}; where a regular file lives changes only which filesystem it is on, which --dir chooses.
 */
final class JobFileName {
    private JobFileName() {}

    /** {@code text} when it is such a name; else an IllegalArgumentException saying why, with {@code key}. */
    static String check(String key, String text) {
        return check(key, text, false);
    }

    /** As {@link #check(String, String)}; {@code placeInDir} takes an absolute path's last name instead. */
    static String check(String key, String text, boolean placeInDir) {
        String t = text.trim();
        if (t.startsWith("/dev/") || t.equals("/dev")) {
            throw new IllegalArgumentException(key + "=" + t + " names a device; DIO Lab runs on files it creates"
                    + " inside --dir: give a plain name (" + key + "=testfile)");
        }
        if (t.startsWith("/") && placeInDir && !t.contains("/../") && !t.endsWith("/..") && !t.contains(":")) {
            t = plain(t);
        } else if (t.startsWith("/")) {
            throw new IllegalArgumentException(key + "=" + t + " is an absolute path; DIO Lab works only inside"
                    + " --dir: give a plain name relative to it (" + key + "=" + plain(t) + "), or pass"
                    + " --place-in-dir to put it there");
        }
        if (t.equals("..") || t.startsWith("../") || t.contains("/../") || t.endsWith("/..")) {
            throw new IllegalArgumentException(key + "=" + t + " leaves --dir through ..; give a plain name");
        }
        if (t.contains(":")) {
            throw new IllegalArgumentException(
                    key + "=" + t + " lists several files; DIO Lab runs a job on one" + " (give one name)");
        }
        if (t.contains("/")) {
            throw new IllegalArgumentException(
                    key + "=" + t + " is in a subdirectory; give a plain name, the file" + " goes in --dir");
        }
        if (t.contains("$")) {
            throw new IllegalArgumentException(
                    key + "=" + t + ": fio's $jobname/$jobnum/$filenum expansions are not" + " run; give a plain name");
        }
        if (!t.matches("[A-Za-z0-9_.+-]{1,64}") || t.equals(".")) {
            throw new IllegalArgumentException(key + "=" + t + " must be 1-64 letters, digits or . _ + -");
        }
        return t;
    }

    /** The last name of an absolute path, which --place-in-dir puts inside --dir. */
    static String plain(String path) {
        String last = path.substring(path.lastIndexOf('/') + 1);
        return last.isEmpty() ? "testfile" : last;
    }
}
