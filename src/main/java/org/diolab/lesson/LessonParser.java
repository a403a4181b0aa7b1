package org.diolab.lesson;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.diolab.engine.NarrationBook;
import org.diolab.engine.Scenario;
import org.diolab.engine.ScheduleEntry;
import org.diolab.engine.op.Policy;
import org.diolab.lesson.yaml.Node;

/**
 * Turns one lesson's YAML tree into a {@link Lesson}, reporting every problem with its position. The engine-dependent
 * checks (steps exist under each policy, outcomes match) run here too, so a lesson that loads is a lesson that plays.
 */
final class LessonParser {
    private final Problems problems;
    private final SourceTexts sources;

    LessonParser(Problems problems, SourceTexts sources) {
        this.problems = problems;
        this.sources = sources;
    }

    Lesson parse(Node root) {
        Fields f = Fields.of(root, problems, "a lesson file");
        if (f == null) {
            return null;
        }
        String id = f.text("id");
        String title = f.text("title");
        String topic = f.text("topic");
        String goal = f.text("goal");
        List<SeedRef> seeds = seeds(f);
        Scenario scenario = new ScenarioParser(problems).parse(id == null ? "?" : id, f);
        int before = problems.all().size();
        List<PolicyChoice> policies = policies(f, scenario);
        boolean policiesOk = problems.all().size() == before;
        StepCatalog catalog = scenario == null ? null
                : new StepCatalog(scenario, policies.stream().map(PolicyChoice::policy).toList());
        List<Node> scheduleNodes = f.list("schedule", true);
        List<ScheduleEntry> schedule = catalog == null ? List.of()
                : new ScheduleParser(problems, catalog).parse(scheduleNodes);
        ExpectationParser expectParser = new ExpectationParser(problems);
        Map<Policy, Expectation> expect = expectParser.parse(f.raw("expect"), f.node(), policies, policiesOk);
        Set<String> seedFiles = new LinkedHashSet<>(seeds.stream().map(SeedRef::file).toList());
        NarrationBook narration = NarrationBook.empty();
        Node narrationNode = f.raw("narration");
        if (narrationNode == null) {
            int[] p = f.node().positionOf("narration");
            problems.at(p[0], p[1], "the lesson has no 'narration'", "narrate every step, quoting the seed thread");
        } else if (scenario != null) {
            // Narration may cover steps of any policy the engine knows; a misspelt policy then costs one error, not ten.
            StepCatalog anyPolicy = new StepCatalog(scenario, List.of(Policy.values()));
            narration = new NarrationParser(problems, sources, seedFiles).parse(narrationNode, anyPolicy);
        }
        List<QuizQuestion> quiz = new QuizParser(problems, catalog,
                policies.stream().map(PolicyChoice::policy).toList()).parse(f.list("quiz", false));
        ExtrasParser extras = new ExtrasParser(problems);
        LiveExperiment live = extras.live(f.raw("live"));
        List<SeedNumbers> numbers = extras.numbers(f.list("numbers", false), seeds.stream().map(SeedRef::id).toList(),
                policies);
        f.rejectUnknown();
        if (problems.any() || scenario == null) {
            return null;
        }
        Lesson lesson = new Lesson(id, title, topic, goal, seeds, scenario, schedule, policies, expect, narration,
                quiz, live, numbers, problems.file());
        checkOutcomes(lesson, expectParser.positions());
        return problems.any() ? null : lesson;
    }

    /** Plays the lesson under each policy: what it promises must be what the engine does. */
    private void checkOutcomes(Lesson lesson, Map<Policy, Node> positions) {
        for (PolicyChoice c : lesson.policies()) {
            Set<String> actual;
            try {
                actual = lesson.play(c.policy()).violatedInvariants();
            } catch (RuntimeException e) {
                problems.at(positions.get(c.policy()), "playing under " + c.policy().id() + " failed: "
                        + e.getMessage(), "check the schedule and operations");
                continue;
            }
            Set<String> promised = lesson.expect().get(c.policy()).violated();
            if (!actual.equals(promised)) {
                problems.at(positions.get(c.policy()), "under " + c.policy().id() + " the lesson promises "
                        + (promised.isEmpty() ? "no violation" : promised) + " but the engine violates "
                        + (actual.isEmpty() ? "nothing" : actual), "fix the scenario or the expectation");
            }
        }
    }

    private List<SeedRef> seeds(Fields f) {
        List<SeedRef> out = new ArrayList<>();
        for (Node n : f.list("seeds", true)) {
            Fields s = Fields.of(n, problems, "a seed");
            if (s == null) {
                continue;
            }
            String id = s.text("id");
            String file = s.text("file");
            String title = s.optText("title", "");
            s.rejectUnknown();
            if (file != null && !sources.has(file)) {
                problems.at(s.node().entries().get("file"), sources.unreadable(file)
                        .orElse("seed file '" + file + "' is not in lessons/sources/"), Suggest.hint(file, sources.files()));
            }
            if (id != null && file != null) {
                out.add(new SeedRef(id, file, title));
            }
        }
        return out;
    }

    private List<PolicyChoice> policies(Fields f, Scenario scenario) {
        List<PolicyChoice> out = new ArrayList<>();
        for (Node n : f.list("policies", true)) {
            Fields p = Fields.of(n, problems, "a policy");
            if (p == null) {
                continue;
            }
            String id = p.text("id");
            String role = p.optText("role", "baseline");
            String note = p.optText("note", "");
            List<String> stableLegs = p.has("stable_legs") ? p.texts("stable_legs", false) : null;
            p.rejectUnknown();
            if (stableLegs != null && scenario != null) {
                List<String> legs = scenario.initial().volume().legs();
                for (String leg : stableLegs) {
                    if (!legs.contains(leg)) {
                        problems.at(p.node().entries().get("stable_legs"), "stable_legs names '" + leg
                                + "', which is not a leg of the volume", Suggest.hint(leg, legs));
                    }
                }
            }
            if (id == null) {
                continue;
            }
            Policy policy = Policy.byId(id).orElse(null);
            if (policy == null) {
                problems.at(p.node().entries().get("id"), "unknown policy '" + id + "'", Suggest.hint(id, Policy.ids()));
            } else if (PolicyRole.byId(role).isEmpty()) {
                problems.at(p.node().entries().get("role"), "unknown role '" + role + "'",
                        Suggest.hint(role, PolicyRole.ids()));
            } else if (out.stream().anyMatch(c -> c.policy() == policy)) {
                problems.at(n, "policy '" + id + "' is listed twice", null);
            } else {
                out.add(new PolicyChoice(policy, PolicyRole.byId(role).orElseThrow(), note, stableLegs));
            }
        }
        if (out.isEmpty() && !problems.any()) {
            problems.at(f.node(), "the lesson lists no policies", "add 'policies:' with at least one, e.g. zero-copy");
        }
        return out;
    }
}
