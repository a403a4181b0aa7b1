package org.diolab.live.kernel.lab;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.diolab.live.kernel.trace.Instances;
import org.diolab.live.kernel.trace.TraceInstance;
import org.diolab.live.kernel.trace.Tracefs;
import org.diolab.sys.LibC;
import org.diolab.sys.MountTable;

/**
 * What the kernel-lab tests check of the lab's tracing after a run: its instances (looked for in a mounted tracefs,
 * or in one mounted for the look and unmounted again: instances are the kernel's, not a mount's) and its tracefs
 * mounts under the scratch directory.
 */
public final class TraceLeftovers {
    private TraceLeftovers() {}

    /** Session ids of the lab's instances now ({@code instances/dio-lab-<session>}). */
    public static List<String> instanceSessions() throws IOException {
        Optional<Tracefs> fs = Tracefs.find(LabTracefs.everyMount());
        if (fs.isPresent()) {
            return Instances.sessions(fs.get());
        }
        Path look = Files.createTempDirectory(Path.of("target").toAbsolutePath(), "tracefs-look");
        try {
            if (LibC.mount("nodev", look.toString(), "tracefs", LibC.MS_NOSUID | LibC.MS_NODEV | LibC.MS_NOEXEC) != 0) {
                throw new IOException("cannot mount tracefs to look at the instances");
            }
            try {
                return Instances.sessions(Tracefs.find(List.of(look)).orElseThrow());
            } finally {
                LibC.umount2(look.toString(), LibC.UMOUNT_NOFOLLOW);
            }
        } finally {
            Files.deleteIfExists(look);
        }
    }

    /** tracefs mounts under {@code dir}. */
    public static List<Path> tracefsMountsUnder(Path dir) throws IOException {
        List<Path> out = new ArrayList<>();
        for (MountTable.Mount m : MountTable.read()) {
            if (m.fsType().equals("tracefs") && m.mountPoint().startsWith(dir)) {
                out.add(m.mountPoint());
            }
        }
        return out;
    }

    /** The session of an instance name in a recording's description ("dio-lab-3f9a1c2b7d4e: 5 event(s) ..."). */
    public static String sessionOf(String recording) {
        if (!recording.startsWith(TraceInstance.PREFIX)) {
            throw new IllegalArgumentException("not a recording of the lab's: " + recording);
        }
        return recording.substring(TraceInstance.PREFIX.length(), recording.indexOf(':'));
    }
}
