package org.diolab.lesson;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.diolab.engine.NarrationBook;
import org.diolab.engine.Scenario;
import org.diolab.engine.op.Policy;
import org.diolab.lesson.yaml.Node;

/**
 * Turns one lesson's YAML tree into a {@link Lesson}, reporting every problem with its position in one pass. It does
 * not play the lesson: whether it keeps its promises is {@link LessonCheck}'s job ({@code dio-lab check} and the
 * tests), so loading stays fast.
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
        List<Node> prerequisiteNodes = prerequisites(f, id);
        List<SeedRef> seeds = seeds(f);
        ScenarioParser scenarioParser = new ScenarioParser(problems);
        Scenario scenario = scenarioParser.parse(id == null ? "?" : id, f);
        int before = problems.all().size();
        List<PolicyChoice> policies = new PolicyParser(problems, scenarioParser.declared()).parse(f, scenario);
        boolean policiesOk = problems.all().size() == before;
        List<Policy> policyList = policies.stream().map(PolicyChoice::policy).toList();
        StepCatalog catalog = scenario == null
                ? null
                : new StepCatalog(scenario, policyList).withIncomplete(scenarioParser.incomplete());
        List<Node> scheduleNodes = f.list("schedule", true);
        ScheduleParser.Script script = catalog == null
                ? new ScheduleParser.Script(List.of(), List.of())
                : new ScheduleParser(problems, catalog, policyList).parse(scheduleNodes);
        ExpectationParser expectParser = new ExpectationParser(problems);
        Map<Policy, Expectation> expect = expectParser.parse(f.raw("expect"), f.node(), policies, policiesOk);
        Set<String> seedFiles =
                new LinkedHashSet<>(seeds.stream().map(SeedRef::file).toList());
        NarrationBook narration = NarrationBook.empty();
        List<Node> narrationNodes = List.of();
        Node narrationNode = f.raw("narration");
        if (narrationNode == null) {
            int[] p = f.node().positionOf("narration");
            problems.at(p[0], p[1], "the lesson has no 'narration'", "narrate every step, quoting the seed thread");
        } else if (scenario != null) {
            // Narration may cover steps of any policy the engine knows; a misspelt policy then costs one error, not
            // ten.
            List<Policy> known = new ArrayList<>(List.of(Policy.values()));
            policyList.stream().filter(Policy::composite).forEach(known::add);
            StepCatalog anyPolicy = new StepCatalog(scenario, known).withIncomplete(scenarioParser.incomplete());
            NarrationParser np = new NarrationParser(problems, sources, seedFiles);
            narration = np.parse(narrationNode, anyPolicy);
            narrationNodes = np.ruleNodes();
        }
        List<Node> quizNodes = f.list("quiz", false);
        List<QuizQuestion> quiz = new QuizParser(
                        problems,
                        catalog,
                        policies.stream().map(PolicyChoice::policy).toList())
                .parse(quizNodes);
        ExtrasParser extras = new ExtrasParser(problems);
        LiveExperiment live = extras.live(f.raw("live"));
        List<SeedNumbers> numbers = extras.numbers(
                f.list("numbers", false), seeds.stream().map(SeedRef::id).toList(), policies);
        List<HistoryEntry> epilogue = extras.epilogue(f.list("epilogue", false));
        List<KernelLabRef> kernelLab = extras.kernelLab(f.list("kernel_lab", false));
        KernelRange kernel = extras.kernel(f.raw("kernel"));
        sources.commits().check(root, problems);
        f.rejectUnknown();
        if (problems.any() || scenario == null) {
            return null;
        }
        return new Lesson(
                id,
                title,
                topic,
                goal,
                seeds,
                scenario,
                script.entries(),
                policies,
                expect,
                narration,
                quiz,
                live,
                numbers,
                epilogue,
                kernelLab,
                prerequisiteNodes.stream()
                        .map(n -> ((Node.ScalarNode) n).text())
                        .toList(),
                kernel,
                problems.file(),
                new LessonSourceMap(
                        expectParser.positions(),
                        script.nodes(),
                        narrationNodes,
                        quiz.size() == quizNodes.size() ? quizNodes : List.of(),
                        prerequisiteNodes));
    }

    /**
     * The {@code prerequisites} items, each an id written once: a list of ids, or one id. Whether the ids exist and
     * form no cycle is {@link PrerequisiteCheck}'s job, across the lessons loaded together.
     */
    private List<Node> prerequisites(Fields f, String self) {
        Node n = f.raw("prerequisites");
        if (n == null) {
            return List.of();
        }
        List<Node> items = n instanceof Node.ListNode l ? l.items() : List.of(n);
        List<Node> out = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        for (Node item : items) {
            if (!(item instanceof Node.ScalarNode s)
                    || s.text() == null
                    || s.text().isBlank()) {
                problems.at(
                        item,
                        "'prerequisites' must be a list of lesson ids, found " + item.kind(),
                        "e.g. prerequisites: [pin-is-not-a-lock, raid1-mirrors-diverge]");
            } else if (s.text().equals(self)) {
                problems.at(item, "the lesson names itself as its own prerequisite", "remove '" + self + "'");
            } else if (!seen.add(s.text())) {
                problems.at(item, "prerequisite '" + s.text() + "' is named twice", "name each lesson once");
            } else {
                out.add(item);
            }
        }
        return out;
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
                problems.at(
                        s.node().entries().get("file"), sources.missing("seed file", file), sources.missingHint(file));
            }
            if (id != null && file != null) {
                out.add(new SeedRef(id, file, title));
            }
        }
        return out;
    }
}
