package org.diolab.live.kernel.trace;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Mounts and unmounts tracefs at a directory the lab owns. NIO has no mount(2), so the lab's one native layer does it
 * (phase 2: {@code mount("nodev", dir, "tracefs", MS_NOSUID|MS_NODEV|MS_NOEXEC, NULL)} and
 * {@code umount2(dir, UMOUNT_NOFOLLOW)}); {@link #tools()} uses util-linux's mount and umount meanwhile.
 */
public interface TracefsMounter {
    void mount(Path dir) throws IOException;

    void unmount(Path dir) throws IOException;

    /** {@code mount -t tracefs -o nosuid,nodev,noexec nodev DIR} and {@code umount DIR}. */
    static TracefsMounter tools() {
        return new ToolMounter();
    }
}
