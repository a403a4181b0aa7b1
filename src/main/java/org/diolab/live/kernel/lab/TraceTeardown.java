package org.diolab.live.kernel.lab;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.diolab.live.kernel.trace.Instances;
import org.diolab.live.kernel.trace.TraceInstance;
import org.diolab.live.kernel.trace.TraceResource;
import org.diolab.live.kernel.trace.Tracefs;
import org.diolab.sys.MountTable;

/**
 * Undoes what the lab's tracing made outside its files, in the only order that works: the session's trace instance
 * first (tracing and events off, then rmdir; instances belong to the kernel's tracing, not to a mount, so it is
 * looked for wherever a tracefs is mounted), then a tracefs the lab mounted (only if tracefs is what is mounted at
 * that directory of the session, never through a symlink). The same code ends a recording's leftovers at the end of
 * a run and a killed run's, found in its manifest by the next run's sweep.
 */
final class TraceTeardown {
    private TraceTeardown() {}

    /** The trace resources among a session's manifest claims. */
    static List<TraceResource> claimed(List<String> claims, String session) {
        List<TraceResource> out = new ArrayList<>();
        for (String c : claims) {
            TraceResource.parse(c).filter(r -> r.session().equals(session)).ifPresent(out::add);
        }
        return out;
    }

    /**
     * Removes {@code resources} of {@code session}; what was done goes to {@code undone} ("removed trace instance
     * …", "unmounted tracefs from …"), what could not to {@code problems}. Returns the resources that are gone.
     */
    static List<TraceResource> undo(
            List<TraceResource> resources, String session, List<String> undone, List<String> problems) {
        List<TraceResource> gone = new ArrayList<>();
        for (TraceResource r : resources) {
            if (r.kind() == TraceResource.Kind.TRACE_INSTANCE && removeInstance(r, session, undone, problems)) {
                gone.add(r);
            }
        }
        for (TraceResource r : resources) {
            if (r.kind() == TraceResource.Kind.TRACEFS_MOUNT) {
                Optional<String> why = unmountTracefs(r.path());
                if (why.isEmpty()) {
                    gone.add(r);
                    undone.add("unmounted tracefs from " + r.path());
                } else {
                    problems.add(why.get());
                }
            }
        }
        return gone;
    }

    /** The instance, if it is still anywhere; true when it is gone (or never was made). */
    private static boolean removeInstance(TraceResource r, String session, List<String> undone, List<String> problems) {
        String name = TraceInstance.nameFor(session);
        if (!r.path().getFileName().toString().equals(name)) {
            problems.add(r.path() + " is not the trace instance of session " + session + "; left alone");
            return false;
        }
        List<Path> where = new ArrayList<>();
        Path recorded = r.path().getParent().getParent();
        where.add(recorded);
        where.addAll(LabTracefs.everyMount());
        Optional<Tracefs> fs = Tracefs.find(where);
        if (fs.isEmpty()) {
            problems.add("cannot look for trace instance " + name + ": no tracefs is mounted now (mount it with"
                    + " 'mount -t tracefs nodev /sys/kernel/tracing' and run the lab again)");
            return false;
        }
        try {
            List<String> before = new ArrayList<>(problems);
            undone.addAll(Instances.sweep(fs.get(), session::equals, problems));
            return problems.size() == before.size();
        } catch (IOException e) {
            problems.add("cannot look for trace instance " + name + ": " + e.getMessage());
            return false;
        }
    }

    /**
     * Unmounts the tracefs at {@code mp}; empty when nothing is mounted there any more, else why it stays (something
     * other than tracefs is mounted there, or unmounting failed).
     */
    static Optional<String> unmountTracefs(Path mp) {
        List<MountTable.Mount> table;
        try {
            table = MountTable.read();
        } catch (IOException e) {
            return Optional.of("cannot read the mount table to unmount tracefs at " + mp + ": " + e.getMessage());
        }
        Optional<MountTable.Mount> top = MountTable.topAt(table, mp);
        if (top.isEmpty()) {
            return Optional.empty();
        }
        if (!top.get().fsType().equals("tracefs")) {
            return Optional.of(top.get().source() + " (" + top.get().fsType() + ") is mounted on " + mp
                    + ", not the lab's tracefs; left alone");
        }
        return Teardown.unmount(mp, true);
    }
}
