package org.diolab.lesson;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.diolab.engine.NarrationBook;
import org.diolab.engine.Scenario;
import org.diolab.engine.ScheduleEntry;
import org.diolab.engine.ScriptedRunner;
import org.diolab.engine.Simulator;
import org.diolab.engine.Trace;
import org.diolab.engine.model.World;
import org.diolab.engine.op.Policy;
import org.jspecify.annotations.Nullable;

/**
 * A lesson as loaded from its YAML file: what it teaches, the scenario and script the engine runs, the policies to
 * toggle with the outcome each must produce, the narration and the quiz.
 *
 * @param live    the real measurement that pairs with it, or {@code null}
 * @param numbers   the seed threads' measurements
 * @param epilogue  what happened next, each fact with its source, dated where a source dates it
 * @param kernelLab kernel-lab scenarios that ask the running kernel the same question
 * @param prerequisites ids of the lessons to take first (the learning path, {@link LearningPath}); {@code check}
 *                  verifies that they exist and form no cycle
 * @param kernel    the kernels whose behaviour the lesson shows, or {@code null} when it does not say (a policy may
 *                  say so for itself: {@link PolicyChoice#kernel()})
 * @param file      where it was loaded from, for messages
 * @param sourceMap where its parts were written, for {@code check}
 */
public record Lesson(
        String id,
        String title,
        String topic,
        String goal,
        List<SeedRef> seeds,
        Scenario scenario,
        List<ScheduleEntry> schedule,
        List<PolicyChoice> policies,
        Map<Policy, Expectation> expect,
        NarrationBook narration,
        List<QuizQuestion> quiz,
        LiveExperiment live,
        List<SeedNumbers> numbers,
        List<HistoryEntry> epilogue,
        List<KernelLabRef> kernelLab,
        List<String> prerequisites,
        @Nullable KernelRange kernel,
        String file,
        LessonSourceMap sourceMap) {
    public Lesson {
        seeds = List.copyOf(seeds);
        schedule = List.copyOf(schedule);
        policies = List.copyOf(policies);
        expect = Map.copyOf(expect);
        quiz = List.copyOf(quiz);
        numbers = List.copyOf(numbers);
        epilogue = List.copyOf(epilogue);
        kernelLab = List.copyOf(kernelLab);
        prerequisites = List.copyOf(prerequisites);
    }

    /** Plays the lesson's script under {@code policy}. Same lesson and policy, same trace. */
    public Trace play(Policy policy) {
        return ScriptedRunner.run(simulator(policy), schedule, narration);
    }

    /** Plays it and also says which script lines did nothing (see {@link ScriptedRunner#runChecked}). */
    public ScriptedRunner.Run playChecked(Policy policy) {
        return ScriptedRunner.runChecked(simulator(policy), schedule, narration);
    }

    /** The scenario as it runs under {@code policy}: with that choice's device stack, if it changes it. */
    public Scenario scenario(Policy policy) {
        List<String> stable = choice(policy).map(PolicyChoice::stableLegs).orElse(null);
        if (stable == null) {
            return scenario;
        }
        World w = scenario.initial();
        for (String leg : w.volume().legs()) {
            w = w.withDevice(w.device(leg).withStableWrites(stable.contains(leg)));
        }
        // STABLE_WRITES is inherited through stacking: one member that needs it is enough.
        w = w.withVolume(w.volume().withStableWrites(!stable.isEmpty()));
        return new Scenario(scenario.name(), w, scenario.threads());
    }

    /** A simulator of this lesson under {@code policy}. */
    public Simulator simulator(Policy policy) {
        return new Simulator(scenario(policy), policy);
    }

    /** The policy the lesson opens with: the broken one if it names one, else the first. */
    public Policy defaultPolicy() {
        return policies.stream()
                .filter(p -> p.role() == PolicyRole.BROKEN)
                .findFirst()
                .orElse(policies.getFirst())
                .policy();
    }

    public Optional<PolicyChoice> choice(Policy p) {
        return policies.stream().filter(c -> c.policy() == p).findFirst();
    }

    /** The kernels the lesson shows under {@code policy}: the policy's own range, else the lesson's, else empty. */
    public Optional<KernelRange> kernelShown(Policy policy) {
        return choice(policy).map(PolicyChoice::kernel).or(() -> Optional.ofNullable(kernel));
    }

    /** "S003" or "S003, S000": the seeds as a short label. */
    public String seedLabel() {
        return String.join(", ", seeds.stream().map(SeedRef::id).toList());
    }
}
