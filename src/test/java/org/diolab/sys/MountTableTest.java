package org.diolab.sys;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** mountinfo read as proc(5) writes it: fields on spaces, optional fields up to the lone "-", octal escapes. */
class MountTableTest {
    @Test
    void aLineGivesMountPointTypeSourceNumbersAndBothOptionLists() {
        MountTable.Mount m = MountTable.parse("43 27 0:39 / /var/tmp/a\\040b rw,relatime shared:1 - btrfs /dev/loop0"
                        + " rw,space_cache=v2,subvolid=5")
                .orElseThrow();
        assertThat(m.mountPoint()).isEqualTo(Path.of("/var/tmp/a b"));
        assertThat(m.fsType()).isEqualTo("btrfs");
        assertThat(m.source()).isEqualTo("/dev/loop0");
        assertThat(m.majorMinor()).isEqualTo("0:39");
        assertThat(m.mountOptions()).isEqualTo("rw,relatime");
        assertThat(m.superOptions()).isEqualTo("rw,space_cache=v2,subvolid=5");
    }

    @Test
    void optionalFieldsRunToTheLoneDashWhateverTheirNumber() {
        assertThat(MountTable.parse("27 1 254:0 / / rw,relatime - ext4 /dev/vda rw,discard")
                        .orElseThrow()
                        .fsType())
                .isEqualTo("ext4");
        MountTable.Mount three = MountTable.parse(
                        "90 27 0:50 /sub /srv/x rw shared:7 master:3 propagate_from:2 - xfs /dev/sdc1 rw,attr2")
                .orElseThrow();
        assertThat(three.fsType()).isEqualTo("xfs");
        assertThat(three.source()).isEqualTo("/dev/sdc1");
        assertThat(three.mountPoint()).isEqualTo(Path.of("/srv/x"));
        // a source spelled "-" is the source, not the separator: the separator is the first lone "-" after field 6
        MountTable.Mount dashSource =
                MountTable.parse("91 27 0:51 / /run/x rw - tmpfs - rw").orElseThrow();
        assertThat(dashSource.fsType()).isEqualTo("tmpfs");
        assertThat(dashSource.source()).isEqualTo("-");
        assertThat(MountTable.parse("92 27 0:52 / /run/y rw - proc proc")
                        .orElseThrow()
                        .superOptions())
                .isEmpty();
    }

    @Test
    void octalEscapesAreDecodedInMountPointsAndSources() {
        MountTable.Mount m = MountTable.parse(
                        "50 27 0:60 / /mnt/tab\\011new\\012line\\134slash rw - fuse.sshfs me@host:/a\\040b rw")
                .orElseThrow();
        assertThat(m.mountPoint()).isEqualTo(Path.of("/mnt/tab\tnew\nline\\slash"));
        assertThat(m.source()).isEqualTo("me@host:/a b");
        assertThat(m.fsType()).isEqualTo("fuse.sshfs");
        assertThat(MountTable.unescape("a\\09b\\"))
                .as("not three octal digits: kept as written")
                .isEqualTo("a\\09b\\");
    }

    @Test
    void garbageIsNotAMount() {
        assertThat(MountTable.parse("garbage")).isEmpty();
        assertThat(MountTable.parse("")).isEmpty();
        assertThat(MountTable.parse("1 0 7:0 / /m rw shared:1"))
                .as("no separator")
                .isEmpty();
        assertThat(MountTable.parse("1 0 7:0 / /m rw -"))
                .as("nothing after the separator")
                .isEmpty();
    }

    @Test
    void mountPointsAreComparedAsPathsAndTheTopMostDeepestWins() {
        List<MountTable.Mount> t = MountTable.parse(List.of(
                "1 0 254:0 / / rw - ext4 /dev/vda rw",
                "2 1 8:17 / /mnt/my\\040disk rw - xfs /dev/sdb1 rw",
                "3 2 0:45 / /mnt/my\\040disk/tmp rw - tmpfs tmpfs rw",
                "4 1 7:0 / /m rw - ext4 /dev/loop0 rw",
                "5 4 7:1 / /m rw - ext4 /dev/loop1 rw",
                "not a mount"));
        assertThat(t).hasSize(5);
        assertThat(MountTable.containing(t, Path.of("/home/u")).orElseThrow().fsType())
                .isEqualTo("ext4");
        assertThat(MountTable.containing(t, Path.of("/mnt/my disk/lab"))
                        .orElseThrow()
                        .fsType())
                .isEqualTo("xfs");
        assertThat(MountTable.containing(t, Path.of("/mnt/my disk/tmp"))
                        .orElseThrow()
                        .fsType())
                .isEqualTo("tmpfs");
        assertThat(MountTable.containing(t, Path.of("/mnt/my disk2"))
                        .orElseThrow()
                        .source())
                .as("a string prefix is not a parent directory")
                .isEqualTo("/dev/vda");
        assertThat(MountTable.topAt(t, Path.of("/m")).orElseThrow().source()).isEqualTo("/dev/loop1");
        assertThat(MountTable.containing(t, Path.of("/m/x/y")).orElseThrow().source())
                .isEqualTo("/dev/loop1");
        assertThat(MountTable.topAt(t, Path.of("/m/x"))).isEmpty();
    }

    @Test
    void thisProcessesMountinfoParsesLineForLine() throws IOException {
        List<String> lines = Files.readAllLines(MountTable.MOUNTINFO);
        List<MountTable.Mount> mounts = MountTable.read();
        assertThat(mounts).as("every line of the real file is a mount").hasSize(lines.size());
        for (int i = 0; i < lines.size(); i++) {
            String[] f = lines.get(i).split(" ");
            MountTable.Mount m = mounts.get(i);
            assertThat(m.majorMinor()).isEqualTo(f[2]);
            assertThat(m.mountOptions()).isEqualTo(f[5]);
            assertThat(m.mountPoint().isAbsolute()).isTrue();
            assertThat(m.mountPoint().toString()).doesNotContain("\\040");
            int dash = List.of(f).subList(6, f.length).indexOf("-") + 6;
            assertThat(m.fsType()).isEqualTo(f[dash + 1]);
        }
        assertThat(MountTable.containing(mounts, Path.of("/proc/self"))
                        .orElseThrow()
                        .fsType())
                .isEqualTo("proc");
        assertThat(MountTable.containing(mounts, Path.of("/")).orElseThrow().mountPoint())
                .isEqualTo(Path.of("/"));
    }
}
