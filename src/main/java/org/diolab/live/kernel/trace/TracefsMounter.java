package org.diolab.live.kernel.trace;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Mounts and unmounts tracefs at a directory the lab owns. NIO has no mount(2), and this package uses nothing of the
 * lab's, so the lab hands one in: its own native layer's {@code mount("nodev", dir, "tracefs",
 * MS_NOSUID|MS_NODEV|MS_NOEXEC)} and {@code umount2(dir, UMOUNT_NOFOLLOW)}.
 */
public interface TracefsMounter {
    /** For a tracefs the system mounted: the lab never mounts or unmounts it. */
    TracefsMounter NONE = new TracefsMounter() {
        @Override
        public void mount(Path dir) throws IOException {
            throw new IOException("the lab does not mount tracefs at " + dir);
        }

        @Override
        public void unmount(Path dir) throws IOException {
            throw new IOException("the lab did not mount the tracefs at " + dir + " and leaves it");
        }
    };

    void mount(Path dir) throws IOException;

    void unmount(Path dir) throws IOException;
}
