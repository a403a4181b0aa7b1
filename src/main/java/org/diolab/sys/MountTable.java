package org.diolab.sys;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The mounts this process sees ({@code /proc/self/mountinfo}), in mount order, so the last entry at a mount point is
 * the one on top: the one {@code umount} would remove. The one reader of mountinfo, for the live engine's
 * environment and the kernel lab's mounts.
 *
 * <p>A line is {@code id parent major:minor root mountpoint options [optional...] - fstype source superoptions}
 * (proc(5)): fields are split on single spaces, the optional fields run from the seventh field up to the lone
 * {@code -}, and paths write space, tab, newline and backslash as octal escapes ({@code \040}). Mount points are
 * compared as paths, component by component, so {@code /mnt/a} does not hold {@code /mnt/ab}.
 */
public final class MountTable {
    /** Where mountinfo lives for this process. */
    public static final Path MOUNTINFO = Path.of("/proc/self/mountinfo");

    /** The first optional field: fields 0 to 5 are always there. */
    private static final int OPTIONAL_FIELDS = 6;

    /**
     * One line of mountinfo: where, what type, from which device, with which options.
     *
     * @param mountOptions the per-mount options ({@code rw,relatime})
     * @param superOptions the filesystem's own options ({@code rw,space_cache=v2}), "" when the line has none
     */
    public record Mount(
            Path mountPoint,
            String fsType,
            String source,
            String majorMinor,
            String mountOptions,
            String superOptions) {}

    private MountTable() {}

    /** This process's mounts now. */
    public static List<Mount> read() throws IOException {
        return parse(Files.readAllLines(MOUNTINFO));
    }

    /** The mounts among {@code lines}, in order; lines that are not mountinfo lines are left out. */
    public static List<Mount> parse(List<String> lines) {
        List<Mount> out = new ArrayList<>();
        for (String line : lines) {
            parse(line).ifPresent(out::add);
        }
        return out;
    }

    /** "36 25 0:32 / /mnt rw,relatime shared:1 - btrfs /dev/loop0 rw,space_cache=v2" */
    public static Optional<Mount> parse(String line) {
        String[] f = line.strip().split(" ");
        int dash = -1;
        for (int i = OPTIONAL_FIELDS; i < f.length; i++) {
            if (f[i].equals("-")) {
                dash = i;
                break;
            }
        }
        if (dash < 0 || dash + 2 >= f.length || !f[4].startsWith("/")) {
            return Optional.empty();
        }
        String superOptions = dash + 3 < f.length ? f[dash + 3] : "";
        return Optional.of(
                new Mount(Path.of(unescape(f[4])), f[dash + 1], unescape(f[dash + 2]), f[2], f[5], superOptions));
    }

    /** The mount on top at {@code mountPoint}, if anything is mounted there. */
    public static Optional<Mount> topAt(List<Mount> table, Path mountPoint) {
        Mount top = null;
        for (Mount m : table) {
            if (m.mountPoint().equals(mountPoint)) {
                top = m;
            }
        }
        return Optional.ofNullable(top);
    }

    /**
     * The mount that holds {@code realPath} (a path without symlinks): the deepest mount point that contains it, the
     * top-most of those mounted there.
     */
    public static Optional<Mount> containing(List<Mount> table, Path realPath) {
        Mount best = null;
        for (Mount m : table) {
            if (realPath.startsWith(m.mountPoint())
                    && (best == null
                            || m.mountPoint().getNameCount()
                                    >= best.mountPoint().getNameCount())) {
                best = m;
            }
        }
        return Optional.ofNullable(best);
    }

    /** mountinfo writes space, tab, newline and backslash as three octal digits after a backslash. */
    static String unescape(String s) {
        if (s.indexOf('\\') < 0) {
            return s;
        }
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && isOctal(s, i + 1)) {
                b.append((char) Integer.parseInt(s.substring(i + 1, i + 4), 8));
                i += 3;
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }

    private static boolean isOctal(String s, int at) {
        if (at + 3 > s.length()) {
            return false;
        }
        for (int i = at; i < at + 3; i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '7') {
                return false;
            }
        }
        return true;
    }
}
