package org.diolab.lesson;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.diolab.engine.Narration;
import org.diolab.engine.NarrationRule;
import org.diolab.engine.ScriptedRunner;
import org.diolab.engine.Snapshot;
import org.diolab.engine.Trace;
import org.diolab.engine.model.Ref;
import org.diolab.engine.op.Expander;
import org.diolab.engine.op.Operation;
import org.diolab.engine.op.Policy;
import org.diolab.lesson.yaml.Node;

/**
 * What only playing a lesson can tell, for {@code dio-lab check} and the tests (loading never plays): under each
 * policy the promised invariants and no others are violated; no script line is a device with nothing queued; no quote
 * known to be about one thing narrates a step about another; the quiz is asked under the policy it is about
 * ({@link QuizCheck}). A policy that breaks its promise is reported; the lesson
 * stays playable under the others.
 */
public final class LessonCheck {
    private final SourceTexts sources;

    LessonCheck(SourceTexts sources) {
        this.sources = sources;
    }

    /** Every problem found by playing {@code lesson} under each of its policies. */
    public List<Problem> check(Lesson lesson) {
        Problems problems = new Problems(lesson.file());
        Map<Policy, Trace> traces = new HashMap<>();
        for (PolicyChoice c : lesson.policies()) {
            ScriptedRunner.Run run;
            try {
                run = lesson.playChecked(c.policy());
            } catch (RuntimeException e) {
                problems.at(
                        at(lesson.sourceMap().expect().get(c.policy())),
                        "playing under " + c.policy().id() + " failed: " + e.getMessage(),
                        "check the schedule and operations");
                continue;
            }
            traces.put(c.policy(), run.trace());
            outcome(lesson, c.policy(), new TreeSet<>(run.trace().violatedInvariants()), problems);
            idleLines(lesson, c.policy(), run.idleEntries(), problems);
            quoteSubjects(lesson, c.policy(), run.trace().snapshots(), problems);
        }
        QuizCheck.check(lesson, traces, problems);
        return dedupe(problems.all());
    }

    private static void outcome(Lesson lesson, Policy p, Set<String> actual, Problems problems) {
        Expectation e = lesson.expect().get(p);
        Set<String> promised = e == null ? Set.of() : e.violated();
        if (!actual.equals(promised)) {
            problems.at(
                    at(lesson.sourceMap().expect().get(p)),
                    "under " + p.id() + " the lesson promises "
                            + (promised.isEmpty() ? "no violation" : promised) + " but the engine violates "
                            + (actual.isEmpty() ? "nothing" : actual),
                    "fix the scenario or the expectation");
        }
    }

    private static void idleLines(Lesson lesson, Policy p, List<Integer> idle, Problems problems) {
        for (int i : idle) {
            var entry = lesson.schedule().get(i);
            problems.at(
                    at(node(lesson.sourceMap().schedule(), i)),
                    "'" + entry.actor() + "' has nothing queued when " + "this line runs under " + p.id()
                            + ", so the line does nothing",
                    "move it after the submit it should serve, or restrict it with 'policy:'");
        }
    }

    /** A quote annotated as being about one subject, used at a step of an operation about something else. */
    private void quoteSubjects(Lesson lesson, Policy p, List<Snapshot> snapshots, Problems problems) {
        StepSubjects subjects = new StepSubjects(lesson.scenario(p), p);
        List<NarrationRule> rules = lesson.narration().rules();
        for (Snapshot s : snapshots) {
            Narration n = s.narration();
            if (n == null || !n.hasQuote() || s.event().actor().isEmpty()) {
                continue;
            }
            QuoteSubjects.Entry about = sources.subjects().of(n.source(), n.quote());
            Set<String> step = subjects.of(s);
            if (about == null || step.isEmpty() || about.about().stream().anyMatch(step::contains)) {
                continue;
            }
            int rule = indexOf(rules, n);
            problems.at(
                    at(node(lesson.sourceMap().narration(), rule)),
                    "the quote is about "
                            + String.join(", ", about.about())
                            + (about.context() == null ? "" : " (" + about.context() + ")")
                            + ", but under " + p.id() + " this step is " + String.join(", ", step),
                    "quote words about this step's own subject, or narrate it without a quote");
        }
    }

    private static int indexOf(List<NarrationRule> rules, Narration n) {
        for (int i = 0; i < rules.size(); i++) {
            if (rules.get(i).narration() == n) {
                return i;
            }
        }
        return -1;
    }

    private static Node node(List<Node> nodes, int i) {
        return i >= 0 && i < nodes.size() ? nodes.get(i) : null;
    }

    private static int[] at(Node n) {
        return n == null ? new int[] {1, 1} : new int[] {n.line(), n.column()};
    }

    /** The same problem found under several policies is reported once. */
    private static List<Problem> dedupe(List<Problem> all) {
        List<Problem> out = new ArrayList<>();
        for (Problem p : all) {
            boolean seen = out.stream()
                    .anyMatch(q -> q.line() == p.line()
                            && q.column() == p.column()
                            && q.message()
                                    .replaceAll("under \\S+", "")
                                    .equals(p.message().replaceAll("under \\S+", "")));
            if (!seen) {
                out.add(p);
            }
        }
        return out;
    }

    /** What a step of a run is about: the kind of operation it belongs to. */
    private static final class StepSubjects {
        private final org.diolab.engine.Scenario scenario;
        private final Policy policy;

        StepSubjects(org.diolab.engine.Scenario scenario, Policy policy) {
            this.scenario = scenario;
            this.policy = policy;
        }

        Set<String> of(Snapshot s) {
            String actor = s.event().actor();
            var thread = scenario.threads().stream()
                    .filter(t -> t.id().equals(actor))
                    .findFirst();
            Operation op;
            if (thread.isPresent()) {
                op = opAt(thread.get().ops(), s.state().pc(actor) - 1);
            } else {
                op = s.changed().stream()
                        .filter(r -> r instanceof Ref.Bio)
                        .map(r -> ((Ref.Bio) r).id())
                        .map(this::opOfBio)
                        .filter(java.util.Objects::nonNull)
                        .findFirst()
                        .orElse(null);
            }
            return op == null ? Set.of() : subjects(op, s.event().label());
        }

        private Operation opAt(List<Operation> ops, int pc) {
            int start = 0;
            for (Operation op : ops) {
                int size = Expander.expand(op, policy, scenario.initial()).size();
                if (pc < start + size) {
                    return op;
                }
                start += size;
            }
            return null;
        }

        /** The operation that issued bio {@code id} (a clone {@code w1@leg0}, a bounce {@code w1.u}, a retry ...). */
        private Operation opOfBio(String id) {
            String base = id.contains("@") ? id.substring(0, id.indexOf('@')) : id;
            for (var t : scenario.threads()) {
                for (Operation op : t.ops()) {
                    String bio = bioOf(op);
                    if (bio != null && (base.equals(bio) || base.startsWith(bio + "."))) {
                        return op;
                    }
                }
            }
            return null;
        }

        private static String bioOf(Operation op) {
            return switch (op) {
                case Operation.DioWrite w -> w.bio();
                case Operation.DioRead r -> r.bio();
                case Operation.Writeback w -> w.bio();
                case Operation.PageOut p -> p.bio();
                case Operation.Pinned p -> bioOf(p.op());
                default -> null;
            };
        }

        private static Set<String> subjects(Operation op, String label) {
            Set<String> out = new TreeSet<>();
            switch (op) {
                case Operation.DioWrite w -> out.add("direct-write");
                case Operation.DioRead r -> out.add("direct-read");
                case Operation.BufferedWrite b -> out.add("buffered-writeback");
                case Operation.MmapStore m -> out.add("buffered-writeback");
                case Operation.Writeback w -> out.add("buffered-writeback");
                case Operation.PageOut p -> out.add("swap");
                case Operation.CompareMirrors c -> out.add("admin");
                case Operation.ReadVerify r -> out.add("admin");
                case Operation.Rebuild r -> out.add("admin");
                case Operation.Resync r -> out.add("admin");
                case Operation.Pinned p -> out.addAll(subjects(p.op(), label));
                case Operation.Store s -> {
                    // a store is about whatever it races: not judged
                }
            }
            if (Set.of("buffered-copy", "writeback-start", "writeback-end", "invalidate", "drop-folio")
                    .contains(label)) {
                out.add("buffered-writeback"); // a direct write that fell back to the page cache
            }
            if (Set.of("lock-request", "lock", "unlock", "dio-begin", "dio-end").contains(label)) {
                out.add("locking");
            }
            return out;
        }
    }
}
