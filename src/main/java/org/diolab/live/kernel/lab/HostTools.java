package org.diolab.live.kernel.lab;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Where the system tools are. Looked up on the PATH and in the sbin directories, because a root shell started by
 * {@code sudo} or a desktop often lacks /usr/sbin on its PATH although mkfs.btrfs lives there.
 */
public record HostTools(
        Optional<Path> losetup,
        Optional<Path> mount,
        Optional<Path> mkfsBtrfs,
        Optional<Path> btrfs,
        Optional<Path> mkfsExt4) {

    public static HostTools locate() {
        return new HostTools(find("losetup"), find("mount"), find("mkfs.btrfs"), find("btrfs"), find("mkfs.ext4"));
    }

    static Optional<Path> find(String name) {
        Set<String> dirs = new LinkedHashSet<>();
        String path = System.getenv("PATH");
        if (path != null) {
            dirs.addAll(List.of(path.split(java.io.File.pathSeparator)));
        }
        dirs.addAll(List.of("/usr/local/sbin", "/usr/sbin", "/sbin", "/usr/bin", "/bin"));
        for (String d : dirs) {
            if (d.isEmpty()) {
                continue;
            }
            Path p = Path.of(d, name);
            if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    /** The tools the loop-device scenarios cannot run without, by name, that are missing. */
    public List<String> missingForImages() {
        List<String> missing = new ArrayList<>();
        if (losetup.isEmpty()) {
            missing.add("losetup (util-linux)");
        }
        if (mount.isEmpty()) {
            missing.add("mount (util-linux)");
        }
        if (mkfsBtrfs.isEmpty()) {
            missing.add("mkfs.btrfs (btrfs-progs)");
        }
        if (btrfs.isEmpty()) {
            missing.add("btrfs (btrfs-progs)");
        }
        return missing;
    }

    /** "btrfs-progs v6.2", or "btrfs-progs not installed". */
    public String btrfsProgsVersion() {
        if (btrfs.isEmpty()) {
            return "btrfs-progs not installed";
        }
        try {
            Exec.Result r = Exec.run(List.of(btrfs.get().toString(), "--version"), Duration.ofSeconds(10));
            String v = (r.out() + r.err()).strip();
            return v.isEmpty()
                    ? "btrfs-progs (version unknown)"
                    : v.lines().findFirst().orElse(v);
        } catch (IOException e) {
            return "btrfs-progs (version unknown: " + e.getMessage() + ")";
        }
    }

    /** The filesystem type is registered in this kernel (/proc/filesystems). */
    public static boolean kernelHas(String fsType) {
        try {
            return Files.readAllLines(Path.of("/proc/filesystems")).stream()
                    .anyMatch(l -> l.strip().endsWith("\t" + fsType)
                            || l.strip().equals(fsType)
                            || l.strip().endsWith(" " + fsType));
        } catch (IOException e) {
            return false;
        }
    }

    public static Path require(Optional<Path> tool, String name) {
        return tool.orElseThrow(() -> new KernelLabRefusal(
                KernelLabRefusal.Reason.MISSING_TOOL,
                name + " is not installed; install it (apt-get install btrfs-progs util-linux e2fsprogs)"));
    }
}
