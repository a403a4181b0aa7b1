package org.diolab.live.scratch;

import java.io.IOException;
import java.util.List;

/**
 * What a tool that makes things outside the scratch directory (the kernel lab: loop devices over its images, mounts
 * on its directories) must undo before {@link StaleSweep} may remove an ended session's files. The session's lock
 * file names the tool ({@link SessionLock#create(DirHandle, String, String)}); only a sweep given that tool's teardown
 * touches the session, and only after taking its lock and checking it is this user's, from this host, written by
 * DIO Lab.
 */
@FunctionalInterface
public interface SessionTeardown {
    /**
     * What was undone ("unmounted /dev/loop3 from …", "detached /dev/loop3"), and what could not be; when anything
     * could not, the session's files and lock stay for a later sweep or for the user.
     */
    record Result(List<String> undone, List<String> problems) {
        public Result {
            undone = List.copyOf(undone);
            problems = List.copyOf(problems);
        }
    }

    /** Undoes what {@code session} made outside the directory; called with its lock held, before any file goes. */
    Result undo(StaleSession session) throws IOException;
}
