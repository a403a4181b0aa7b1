package org.diolab.live.kernel.lab;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * Where a scenario's btrfs files live: a lab volume, or the user's own mount in {@code --mount} mode (a work
 * directory of the run's session, whose files are recorded so a sweep can remove a killed run's).
 *
 * @param devices the filesystem's member devices by name ("loop3"), for picking the kernel's log lines about them
 * @param volume  the lab's volume, or null on the user's own mount
 */
public record BtrfsPlace(
        Path dir,
        List<String> devices,
        String setup,
        Optional<Path> sysfs,
        @Nullable LabVolume volume,
        FileMaker files) {

    /** Creates a scenario's new, empty test file by name; its path. */
    @FunctionalInterface
    public interface FileMaker {
        Path newFile(String name) throws IOException;
    }

    public BtrfsPlace {
        devices = List.copyOf(devices);
    }

    public Path newFile(String name) throws IOException {
        return files.newFile(name);
    }
}
