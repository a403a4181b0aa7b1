package org.diolab.lesson;

import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import org.diolab.engine.ActorSpec;
import org.diolab.engine.Narration;
import org.diolab.engine.NarrationRule;
import org.diolab.engine.Snapshot;
import org.diolab.engine.model.Page;
import org.diolab.engine.model.World;

/**
 * Everything a learner reads in a lesson, passage by passage, the step labels its lanes show and the names its stage
 * draws: what the glossary looks for to say which lessons use a term.
 */
public final class LessonProse {
    /**
     * One text and where the app shows it: {@code title}, {@code goal}, {@code actor}, {@code policy},
     * {@code narration}, {@code quote}, {@code quiz}, {@code live}, {@code numbers}, {@code epilogue} or
     * {@code kernel-lab}.
     */
    public record Passage(String where, String text) {}

    private LessonProse() {}

    /** The lesson's texts, in the order the file gives them. */
    public static List<Passage> of(Lesson l) {
        List<Passage> out = new ArrayList<>();
        add(out, "title", l.title());
        add(out, "goal", l.goal());
        for (ActorSpec a : l.scenario().threads()) {
            add(out, "actor", a.title());
        }
        l.policies().forEach(p -> add(out, "policy", p.note()));
        narration(out, l.narration().intro());
        narration(out, l.narration().outro());
        for (NarrationRule r : l.narration().rules()) {
            narration(out, r.narration());
        }
        for (QuizQuestion q : l.quiz()) {
            add(out, "quiz", q.question());
            q.choices().forEach(c -> add(out, "quiz", c));
            add(out, "quiz", q.explain());
        }
        if (l.live() != null) {
            add(out, "live", l.live().description());
            for (LiveExperiment.LiveJob j : l.live().jobs()) {
                add(out, "live", j.name());
                if (j.expect() != null) {
                    add(out, "live", j.expect().because());
                }
            }
        }
        for (SeedNumbers n : l.numbers()) {
            add(out, "numbers", n.title());
            add(out, "numbers", n.command());
            add(out, "numbers", n.hardware());
            n.rows().forEach(r -> {
                add(out, "numbers", r.label());
                add(out, "numbers", r.note());
            });
            n.caveats().forEach(c -> add(out, "numbers", c));
        }
        l.epilogue().forEach(h -> add(out, "epilogue", h.summary()));
        l.kernelLab().forEach(k -> add(out, "kernel-lab", k.note()));
        return out;
    }

    /** Every step label the lesson's lanes can show, under any of its policies ({@code pin}, {@code dma}, ...). */
    public static SortedSet<String> stepLabels(Lesson l) {
        StepCatalog catalog = new StepCatalog(
                l.scenario(), l.policies().stream().map(PolicyChoice::policy).toList());
        SortedSet<String> out = new TreeSet<>();
        for (String actor : catalog.actors()) {
            out.addAll(catalog.labels(actor));
        }
        return out;
    }

    /**
     * The names the stage draws from the engine's state while the lesson plays under each of its policies: page kinds
     * ({@code user page}, {@code page-cache folio}), folio flags ({@code dirty}, {@code writeback}, ...),
     * {@code pinned}, {@code mapping read-only}, {@code bio} and {@code bvec}, the {@code checksum table} and the
     * {@code kworker} (the devices and threads are the lesson's own names, in its texts). This plays the lesson, so it costs more than the rest.
     */
    public static SortedSet<String> stageLabels(Lesson l) {
        SortedSet<String> out = new TreeSet<>();
        for (PolicyChoice c : l.policies()) {
            for (Snapshot s : l.play(c.policy()).snapshots()) {
                World w = s.state().world();
                for (Page p : w.pages().values()) {
                    out.add(p.kind().label());
                    p.flags().forEach(f -> out.add(f.label()));
                    if (p.pins() > 0) {
                        out.add("pinned");
                    }
                    if (p.writeProtected()) {
                        out.add("mapping read-only");
                    }
                }
                if (!w.bios().isEmpty()) {
                    out.add("bio");
                    out.add("bvec");
                }
                if (!w.csums().isEmpty()) {
                    out.add("checksum table");
                }
                if (!w.work().isEmpty()) {
                    out.add("kworker");
                }
            }
        }
        return out;
    }

    private static void narration(List<Passage> out, Narration n) {
        if (n != null) {
            add(out, "narration", n.text());
            if (n.hasQuote()) {
                add(out, "quote", n.quote());
            }
        }
    }

    private static void add(List<Passage> out, String where, String text) {
        if (text != null && !text.isBlank()) {
            out.add(new Passage(where, text));
        }
    }
}
