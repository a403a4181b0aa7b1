package org.diolab.live.kernel.trace.meaning;

import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.diolab.live.kernel.trace.text.LabMark;
import org.diolab.live.kernel.trace.text.MarkKind;
import org.diolab.live.kernel.trace.text.Payload;
import org.diolab.live.kernel.trace.text.TraceEvent;

/**
 * Which column an event goes on. Block events go on their device (they are the device's work, whichever task or
 * interrupt ran them); everything else on the task that ran it: a lab thread (one that wrote a {@code dio-lab}
 * marker, named by its role, or one named {@code dio-lab-*}) or a kernel thread.
 */
final class Columns {
    /** The lab names its racing threads so; a thread's comm is its name cut to 15 characters. */
    static final String LAB_PREFIX = "dio-lab-";

    private final LabDevices devices;
    private final Map<Integer, String> roles = new HashMap<>();
    private final Map<String, Column> made = new LinkedHashMap<>();

    Columns(Collection<TraceEvent> events, LabDevices devices) {
        this.devices = devices;
        for (TraceEvent e : events) {
            if (e.payload() instanceof Payload.Mark m) {
                LabMark mark = m.mark();
                if (mark.kind() == MarkKind.THREAD && !mark.text("role").isEmpty()) {
                    roles.put(e.pid(), mark.text("role"));
                } else {
                    roles.putIfAbsent(e.pid(), mark.kind() == MarkKind.STORE_BEGIN ? "scribbler" : e.task());
                }
            }
        }
    }

    Column of(TraceEvent e) {
        if (e.payload() instanceof Payload.BlockRequest r) {
            return device(r.dev());
        }
        if (e.payload() instanceof Payload.BioQueued q) {
            return device(q.dev());
        }
        return task(e.pid(), e.task());
    }

    Column device(org.diolab.live.kernel.trace.text.DevNum d) {
        return made.computeIfAbsent("device:" + d, id -> new Column(Column.Kind.DEVICE, id, devices.label(d)));
    }

    Column task(int pid, String comm) {
        String role = roles.get(pid);
        if (role != null) {
            return made.computeIfAbsent(
                    "thread:" + pid, id -> new Column(Column.Kind.LAB_THREAD, id, role + " (" + pid + ")"));
        }
        if (comm.startsWith(LAB_PREFIX)) { // a lab thread that wrote no marker (the live engine's workers)
            return made.computeIfAbsent(
                    "thread:" + pid, id -> new Column(Column.Kind.LAB_THREAD, id, comm + " (" + pid + ")"));
        }
        return made.computeIfAbsent(
                "task:" + pid, id -> new Column(Column.Kind.KERNEL_THREAD, id, comm + " (" + pid + ")"));
    }

    boolean isLabThread(int pid) {
        return roles.containsKey(pid);
    }

    Column log() {
        return made.computeIfAbsent(Column.LOG.id(), id -> Column.LOG);
    }

    /** Every column used, lab threads first, then devices, kernel threads, the log; each kind as first seen. */
    List<Column> all() {
        return made.values().stream().sorted(Comparator.comparing(Column::kind)).toList();
    }
}
