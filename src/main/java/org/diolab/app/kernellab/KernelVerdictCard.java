package org.diolab.app.kernellab;

import java.util.List;
import java.util.Locale;
import org.diolab.live.kernel.scenario.ScenarioResult;

/**
 * One kernel-lab verdict as "On this kernel" draws it, in words only: the view needs nothing of the lab itself.
 *
 * @param badge      the outcome in capitals ("PRESENT", "PREVENTED", ...): shape and text carry it, colour adds to it
 * @param outcome    the outcome as a style-class suffix ({@code present}, {@code not-triggered}, ...)
 * @param evidence   label and value of each measure
 * @param references "commit-id subject: what it did" for each upstream commit the verdict points to
 */
public record KernelVerdictCard(
        String scenarioId,
        String title,
        String badge,
        String outcome,
        String verdict,
        String mechanism,
        String setup,
        List<Evidence> evidence,
        List<String> kernelLog,
        List<String> references,
        List<String> limits) {
    /** A measure the verdict rests on. */
    public record Evidence(String label, String value) {}

    public KernelVerdictCard {
        evidence = List.copyOf(evidence);
        kernelLog = List.copyOf(kernelLog);
        references = List.copyOf(references);
        limits = List.copyOf(limits);
    }

    static KernelVerdictCard of(ScenarioResult r) {
        return new KernelVerdictCard(
                r.scenario().id(),
                r.scenario().id() + " · " + r.scenario().title(),
                r.outcome().label().toUpperCase(Locale.ROOT),
                r.outcome().name().toLowerCase(Locale.ROOT).replace('_', '-'),
                r.verdict(),
                r.mechanism(),
                r.setup(),
                r.evidence().stream()
                        .map(m -> new Evidence(m.label(), m.display()))
                        .toList(),
                r.kernelLog(),
                r.references().stream()
                        .map(ref -> ref.cite() + ": " + ref.what())
                        .toList(),
                r.limits());
    }
}
