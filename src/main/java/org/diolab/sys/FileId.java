package org.diolab.sys;

/**
 * Which file, for sure: the device of the filesystem holding it ({@code major:minor}), its inode number and its birth
 * time in nanoseconds ({@code -1} where unknown). A name can be renamed over, hard-linked away or planted; this is
 * what the kernel itself reports for an open file or a loop device's backing file, so other packages (the kernel
 * lab's loop devices) compare it, not names. The birth time tells a file from a later one that got the freed inode
 * number (ext4 reuses them at once).
 */
public record FileId(int major, int minor, long ino, long btime) {

    /** The identity a tool reports without a birth time ({@code losetup}'s BACK-MAJ:MIN and BACK-INO). */
    public static FileId of(int major, int minor, long ino) {
        return new FileId(major, minor, ino, -1);
    }

    /**
     * Parses "254:0" (spaces around allowed) and an inode number, as losetup prints them.
     *
     * @throws IllegalArgumentException for anything else
     */
    public static FileId parse(String majorMinor, String ino) {
        String[] mm = majorMinor.strip().split(":");
        if (mm.length != 2) {
            throw new IllegalArgumentException("not major:minor: " + majorMinor);
        }
        return of(Integer.parseInt(mm[0].strip()), Integer.parseInt(mm[1].strip()), Long.parseLong(ino.strip()));
    }

    /** Same device and inode, and born at the same time where both birth times are known. */
    public boolean sameFile(FileId other) {
        return major == other.major
                && minor == other.minor
                && ino == other.ino
                && (btime < 0 || other.btime < 0 || btime == other.btime);
    }

    /** "254:0 ino 1523714" for messages. */
    @Override
    public String toString() {
        return major + ":" + minor + " ino " + ino;
    }
}
