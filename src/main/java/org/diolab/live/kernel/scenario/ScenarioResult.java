package org.diolab.live.kernel.scenario;

import java.util.List;
import java.util.Optional;

/**
 * What one scenario found on this kernel.
 *
 * @param verdict    one sentence that starts with the outcome: "present: 2,977 of 29,184 direct reads failed with EIO"
 * @param mechanism  what the kernel did, where the lab could tell ("buffered fallback", "zero-copy", "bounce"), or ""
 * @param setup      the filesystem, profile and devices it ran on, and the workload
 * @param evidence   the measured numbers the verdict rests on, in the order they are worth reading
 * @param kernelLog  the kernel's own log lines about the lab's devices during the scenario
 * @param references the upstream changes the verdict points to
 * @param limits     what this run could not show, and why
 */
public record ScenarioResult(
        Scenario scenario,
        Outcome outcome,
        String verdict,
        String mechanism,
        String setup,
        List<Measure> evidence,
        List<String> kernelLog,
        List<Reference> references,
        List<String> limits,
        long millis) {
    public ScenarioResult {
        evidence = List.copyOf(evidence);
        kernelLog = List.copyOf(kernelLog);
        references = List.copyOf(references);
        limits = List.copyOf(limits);
    }

    /** A result for a scenario that could not run here. */
    static ScenarioResult skipped(Scenario s, String why) {
        return new ScenarioResult(
                s, Outcome.SKIPPED, "skipped: " + why, "", "", List.of(), List.of(), List.of(), List.of(why), 0);
    }

    /** The measure with {@code key}, if the scenario took it. */
    public Optional<Measure> measure(String key) {
        return evidence.stream().filter(m -> m.key().equals(key)).findFirst();
    }

    /** A measured whole number, for tests and the app; throws when the scenario did not take it. */
    public long number(String key) {
        return ((Number) measure(key)
                        .orElseThrow(() -> new IllegalArgumentException("no measure " + key))
                        .value())
                .longValue();
    }
}
