package org.diolab.live.scratch;

import java.nio.file.Path;
import org.diolab.sys.FileId;

/**
 * A file or directory a session recorded in its lock, as a {@link SessionTeardown} sees it.
 *
 * @param name      its name in the scratch directory ({@code .dio-lab-<session>-<tag>}), or {@code dir/name} inside
 *                  one of the session's directories
 * @param path      where it is (the scratch directory as it was opened, resolved with the name)
 * @param id        the device, inode and birth time it had when the session created it
 * @param directory true for a directory (a mount point, a work directory)
 */
public record SessionEntry(String name, Path path, FileId id, boolean directory) {
    /** True when it is directly in the scratch directory, not inside one of the session's directories. */
    public boolean topLevel() {
        return name.indexOf('/') < 0;
    }
}
