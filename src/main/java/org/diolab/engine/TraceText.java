package org.diolab.engine;

import java.util.StringJoiner;
import org.diolab.engine.invariant.Violation;

/** Plain-text rendering of a trace: what the CLI prints and what golden files pin. */
public final class TraceText {
    private TraceText() {}

    public static String render(Trace trace) {
        StringJoiner out = new StringJoiner("\n", "", "\n");
        out.add("scenario " + trace.scenario() + " under policy "
                + trace.policy().id());
        for (Snapshot s : trace.snapshots()) {
            Event e = s.event();
            String who = e.actor().isEmpty() ? "" : "[" + e.actor() + "] ";
            String kind = e.kind() == EventKind.STEP ? "" : e.kind().name().toLowerCase() + ": ";
            out.add(String.format("%3d %s%s%s", s.index(), who, kind, e.action()));
            if (!s.changed().isEmpty()) {
                out.add("      changed: "
                        + String.join(
                                " ", s.changed().stream().map(Object::toString).toList()));
            }
            for (Violation v : s.violations()) {
                out.add("      VIOLATED " + v.invariant() + ": " + v.detail());
            }
        }
        var onsets = trace.violationOnsets();
        out.add(
                onsets.isEmpty()
                        ? "no invariant violated"
                        : "violated: "
                                + String.join(
                                        ", ",
                                        onsets.stream()
                                                .map(v -> v.invariant() + " (step " + v.step() + ")")
                                                .toList()));
        return out.toString();
    }
}
