package org.diolab.live.kernel;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

/**
 * Which file a loop device is backed by, for sure: the device of the filesystem holding it and its inode number. A
 * path can be renamed, deleted or planted; this pair is what the kernel itself reports for a loop device's backing
 * file ({@code losetup}'s BACK-MAJ:MIN and BACK-INO), so the lab detaches only loop devices over its own images.
 */
record FileIdentity(int major, int minor, long inode) {

    /** The identity of {@code file} (not following a symlink). */
    static FileIdentity of(Path file) throws IOException {
        long dev = ((Number) Files.getAttribute(file, "unix:dev", LinkOption.NOFOLLOW_LINKS)).longValue();
        long ino = ((Number) Files.getAttribute(file, "unix:ino", LinkOption.NOFOLLOW_LINKS)).longValue();
        return new FileIdentity(major(dev), minor(dev), ino);
    }

    /** glibc's gnu_dev_major: the 64-bit dev_t encoding Linux uses. */
    static int major(long dev) {
        return (int) (((dev >>> 8) & 0xfffL) | ((dev >>> 32) & ~0xfffL));
    }

    static int minor(long dev) {
        return (int) ((dev & 0xffL) | ((dev >>> 12) & ~0xffL));
    }

    /** "254:0 ino 1523714", as written in the run's marker file. */
    String format() {
        return major + ":" + minor + " " + inode;
    }

    /** Parses {@link #format()}; throws IllegalArgumentException for anything else. */
    static FileIdentity parse(String majMin, String inode) {
        String[] mm = majMin.strip().split(":");
        if (mm.length != 2) {
            throw new IllegalArgumentException("not major:minor: " + majMin);
        }
        return new FileIdentity(Integer.parseInt(mm[0].strip()), Integer.parseInt(mm[1].strip()),
                Long.parseLong(inode.strip()));
    }
}
