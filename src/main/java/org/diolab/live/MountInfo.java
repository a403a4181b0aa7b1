package org.diolab.live;

import java.util.List;
import java.util.Optional;

/**
 * One line of {@code /proc/self/mountinfo}: {@code id parent major:minor root mountpoint options [optional...] -
 * fstype source superoptions}. Paths escape space, tab, newline and backslash as octal ({@code \040}).
 */
record MountInfo(
        String majorMinor, String mountPoint, String options, String fsType, String source, String superOptions) {

    static Optional<MountInfo> parse(String line) {
        String[] f = line.trim().split(" ");
        int dash = List.of(f).indexOf("-");
        if (f.length < 7 || dash < 6 || dash + 2 >= f.length) {
            return Optional.empty();
        }
        String superOpts = dash + 3 < f.length ? f[dash + 3] : "";
        return Optional.of(new MountInfo(f[2], unescape(f[4]), f[5], f[dash + 1], unescape(f[dash + 2]), superOpts));
    }

    /** The mount that holds {@code realPath}: the last listed mount whose mount point is a prefix of it. */
    static Optional<MountInfo> containing(List<String> lines, String realPath) {
        MountInfo best = null;
        for (String line : lines) {
            MountInfo m = parse(line).orElse(null);
            if (m == null || !covers(m.mountPoint, realPath)) {
                continue;
            }
            // Later lines are mounted on top of earlier ones; a longer prefix is a deeper mount.
            if (best == null || m.mountPoint.length() >= best.mountPoint.length()) {
                best = m;
            }
        }
        return Optional.ofNullable(best);
    }

    private static boolean covers(String mountPoint, String path) {
        if (mountPoint.equals("/")) {
            return true;
        }
        return path.equals(mountPoint) || path.startsWith(mountPoint + "/");
    }

    static String unescape(String s) {
        if (s.indexOf('\\') < 0) {
            return s;
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 3 < s.length() && s.substring(i + 1, i + 4).matches("[0-7]{3}")) {
                sb.append((char) Integer.parseInt(s.substring(i + 1, i + 4), 8));
                i += 3;
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }
}
