package org.diolab.live.kernel;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The mounts this process sees ({@code /proc/self/mountinfo}), in mount order, so the last entry at a mount point is
 * the one on top: the one {@code umount} would remove.
 */
final class MountTable {
    /** One line of mountinfo: where, what type, from which device, with which options. */
    record Mount(Path mountPoint, String fsType, String source, String majorMinor, String options) {}

    private MountTable() {}

    static List<Mount> read() throws IOException {
        List<Mount> out = new ArrayList<>();
        for (String line : Files.readAllLines(Path.of("/proc/self/mountinfo"))) {
            parse(line).ifPresent(out::add);
        }
        return out;
    }

    /** "36 25 0:32 / /mnt rw,relatime shared:1 - btrfs /dev/loop0 rw,space_cache=v2" */
    static Optional<Mount> parse(String line) {
        String[] f = line.split(" ");
        int dash = -1;
        for (int i = 6; i < f.length; i++) {
            if (f[i].equals("-")) {
                dash = i;
                break;
            }
        }
        if (f.length < 7 || dash < 0 || dash + 2 >= f.length) {
            return Optional.empty();
        }
        String opts = f[5] + (dash + 3 < f.length ? "," + f[dash + 3] : "");
        return Optional.of(new Mount(Path.of(unescape(f[4])), f[dash + 1], unescape(f[dash + 2]), f[2], opts));
    }

    /** The mount on top at {@code mountPoint}, if anything is mounted there. */
    static Optional<Mount> topAt(List<Mount> table, Path mountPoint) {
        Mount top = null;
        for (Mount m : table) {
            if (m.mountPoint().equals(mountPoint)) {
                top = m;
            }
        }
        return Optional.ofNullable(top);
    }

    /** The mount that holds {@code file}: the longest mount point that is a prefix of its real path, top-most. */
    static Optional<Mount> containing(List<Mount> table, Path realPath) {
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

    /** mountinfo writes space, tab, newline and backslash as octal escapes. */
    static String unescape(String s) {
        if (s.indexOf('\\') < 0) {
            return s;
        }
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 3 < s.length() && s.substring(i + 1, i + 4).matches("[0-7]{3}")) {
                b.append((char) Integer.parseInt(s.substring(i + 1, i + 4), 8));
                i += 3;
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }
}
