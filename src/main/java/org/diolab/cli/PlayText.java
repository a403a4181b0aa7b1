package org.diolab.cli;

import java.util.StringJoiner;
import org.diolab.engine.Narration;
import org.diolab.engine.Snapshot;
import org.diolab.engine.Trace;
import org.diolab.engine.ViolationAt;
import org.diolab.engine.invariant.Violation;
import org.diolab.lesson.Lesson;

/** {@code play --format text}: each step, its narration and quote, and the violations, for reading in a terminal. */
final class PlayText {
    private PlayText() {}

    static String render(Lesson lesson, Trace trace) {
        StringJoiner out = new StringJoiner("\n", "", "\n");
        out.add(lesson.title() + "  [" + lesson.id() + ", " + lesson.seedLabel() + "]");
        String note = lesson.choice(trace.policy())
                .map(c -> c.note())
                .filter(n -> !n.isBlank())
                .orElse(trace.policy().summary());
        out.add("policy: " + trace.policy().id() + " — " + note);
        lesson.kernelShown(trace.policy()).ifPresent(k -> out.add("kernel: shows " + k.describe()));
        out.add("");
        for (Snapshot s : trace.snapshots()) {
            String who = s.event().actor().isEmpty() ? "" : "[" + s.event().actor() + "] ";
            out.add(String.format("%3d  %s%s", s.index(), who, s.event().action()));
            Narration n = s.narration();
            if (n != null) {
                out.add("     " + n.text());
                if (n.hasQuote()) {
                    out.add("     \"" + n.quote() + "\" — " + (n.speaker() == null ? "" : n.speaker() + ", ")
                            + n.source());
                }
            }
            for (Violation v : s.violations()) {
                out.add("     ✗ " + v.invariant() + ": " + v.detail());
            }
        }
        Narration outro = lesson.narration().outro();
        if (outro != null) {
            out.add("");
            out.add("     " + outro.text());
            if (outro.hasQuote()) {
                out.add("     \"" + outro.quote() + "\" — " + (outro.speaker() == null ? "" : outro.speaker() + ", ")
                        + outro.source());
            }
        }
        if (!lesson.epilogue().isEmpty()) {
            out.add("");
            out.add("What happened next:");
            lesson.epilogue()
                    .forEach(h -> out.add("  " + org.diolab.lesson.Timeline.line(h) + "  (" + h.source() + ")"));
        }
        out.add("");
        if (trace.violationOnsets().isEmpty()) {
            out.add("No invariant violated under " + trace.policy().id() + ".");
        }
        for (ViolationAt v : trace.violationOnsets()) {
            out.add("VIOLATED " + v.invariant() + " at step " + v.step() + ": " + v.detail());
        }
        return out.toString();
    }
}
