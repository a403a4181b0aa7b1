package org.diolab.reliability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.diolab.sys.MountTable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The audit's high finding: kernel-lab --mount on a user's btrfs raised its corruption_errs for good. Replayed on a
 * btrfs the test builds itself and mounts, so the lab sees it only as a user's mount: after any run, its device
 * stats, settings, queue and scrub record read as before, unless the user gave --allow-error-counters, and then the
 * run said beforehand what it would change and afterwards exactly by how much.
 */
class UserBtrfsLeftAsItWasTest {
    private UserBtrfs users;

    @BeforeEach
    void usersBtrfs() throws Exception {
        Root.assumeLab();
        users = UserBtrfs.create();
    }

    @AfterEach
    void removeIt() throws Exception {
        if (users != null) {
            users.close();
        }
    }

    private String m() {
        return users.mount.toString();
    }

    @Test
    void withoutTheFlagEveryFileLevelScenarioLeavesTheVolumeAsItWas() throws Exception {
        String stats = users.errorStats();
        List<String> settings = users.settings();
        Cli r = Cli.run("kernel-lab", "--mount", m(), "--size", "32m", "--runtime", "500ms", "--no-progress");
        assertThat(r.code()).as(r.err() + r.out()).isZero();
        assertThat(users.errorStats()).as("device stats").isEqualTo(stats);
        assertThat(users.settings()).as("settings, queue, scrub record").isEqualTo(settings);
        assertThat(users.files()).as("files left on the user's btrfs").isEmpty();
        assertThat(r.err())
                .contains("false-csum-read runs on a btrfs of the lab's own")
                .contains("not on your btrfs at " + m() + ": there it would raise the device error counters");
        for (String s : List.of("false-csum-read", "nowait-read", "stable-writes")) {
            assertThat(r.out()).contains(s + " left your btrfs at " + m() + " as it was");
        }
        assertThat(r.out()).contains("ran on a btrfs of the lab's own, not on your btrfs at " + m());
        assertNoLabDeviceOrMountUnder(users.dir);
    }

    @Test
    void withTheFlagItSaysBeforehandAndAfterwardsByHowMuch() throws Exception {
        long before = users.corruptionErrs();
        List<String> settings = users.settings();
        Cli r = Cli.run(
                "kernel-lab",
                "false-csum-read",
                "--allow-error-counters",
                "--mount",
                m(),
                "--size",
                "32m",
                "--runtime",
                "500ms",
                "--no-progress");
        assertThat(r.code()).as(r.err() + r.out()).isZero();
        long after = users.corruptionErrs();
        assertThat(after).as("the false checksum failures counted").isGreaterThan(before);
        assertThat(r.err())
                .contains("false-csum-read will raise the device error counters (corruption_errs) of your btrfs at "
                        + m() + " (now devid 1: ")
                .contains("corruption_errs " + before);
        assertThat(r.out())
                .contains(String.format(
                        Locale.ROOT, "corruption_errs of devid 1: %,d -> %,d (%+,d)", before, after, after - before))
                .contains("btrfs device stats -z " + m());
        assertThat(users.settings()).as("settings, queue, scrub record").isEqualTo(settings);
        assertNoLabDeviceOrMountUnder(users.dir);
        Root.run("btrfs", "device", "stats", "-z", m()); // the test's own volume, before it is removed
    }

    @Test
    void withoutRootItIsRefusedNamingTheFlagAndChangesNothing() throws Exception {
        AsNobody.unavailable().ifPresent(why -> assumeTrue(false, why));
        String stats = users.errorStats();
        Files.setPosixFilePermissions(
                users.mount, java.nio.file.attribute.PosixFilePermissions.fromString("rwxrwxrwx"));
        Files.setPosixFilePermissions(users.dir, java.nio.file.attribute.PosixFilePermissions.fromString("rwxr-xr-x"));
        String answer = AsNobody.ask("lab", m());
        assertThat(answer)
                .startsWith("refused NEEDS_CONSENT: false-csum-read would raise the device error counters")
                .contains("--allow-error-counters")
                .contains("run with sudo");
        assertThat(users.errorStats()).isEqualTo(stats);
        assertThat(users.files()).isEmpty();
    }

    static void assertNoLabDeviceOrMountUnder(Path dir) throws Exception {
        assertThat(MountTable.read())
                .as("mounts under " + dir)
                .noneMatch(mt ->
                        mt.mountPoint().startsWith(dir) && !mt.mountPoint().equals(dir.resolve("mnt")));
        assertThat(Root.run("losetup", "-a").lines())
                .as("loop devices over files in " + dir + " but the user's own disk")
                .noneMatch(l -> l.contains(dir.toString())
                        && !l.contains(dir.resolve("disk.img").toString()));
    }
}
