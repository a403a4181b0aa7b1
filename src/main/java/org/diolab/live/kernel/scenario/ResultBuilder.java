package org.diolab.live.kernel.scenario;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.diolab.live.kernel.evidence.KernelLog;

/** Collects a scenario's evidence, log lines, references and limits as it measures, then makes the result. */
final class ResultBuilder {
    private static final int MAX_LOG_LINES = 12;
    private static final java.util.regex.Pattern EVIDENCE =
            java.util.regex.Pattern.compile("(?i)warning|error|csum|degraded|missing|scrub|corrupt|fail");
    private final Scenario scenario;
    private final long startNanos = System.nanoTime();
    private final List<Measure> evidence = new ArrayList<>();
    private final List<String> log = new ArrayList<>();
    private final List<Reference> references = new ArrayList<>();
    private final List<String> limits = new ArrayList<>();
    private final List<String> setup = new ArrayList<>();

    ResultBuilder(Scenario scenario) {
        this.scenario = scenario;
    }

    ResultBuilder measure(String key, String label, long value) {
        evidence.add(new Measure(key, label, value));
        return this;
    }

    ResultBuilder measure(String key, String label, double value) {
        evidence.add(new Measure(key, label, value));
        return this;
    }

    ResultBuilder fact(String key, String label, Object value) {
        evidence.add(new Measure(key, label, value instanceof Integer i ? (Object) i.longValue() : value));
        return this;
    }

    /**
     * Adds the scenario's kernel log lines: the ones that are evidence (warnings, errors, checksum failures, degraded
     * mounts, missing devices, scrub) first, up to a dozen, else the first few; then how many more there were
     * (mostly mkfs and mount chatter). Notes a log that could not be read or lost records.
     */
    ResultBuilder log(List<KernelLog.Line> lines, KernelLog source) {
        List<KernelLog.Line> key =
                lines.stream().filter(l -> EVIDENCE.matcher(l.text()).find()).toList();
        List<KernelLog.Line> shown = key.isEmpty()
                ? lines.subList(0, Math.min(4, lines.size()))
                : key.subList(0, Math.min(MAX_LOG_LINES, key.size()));
        for (KernelLog.Line l : shown) {
            log.add(String.format(java.util.Locale.ROOT, "[%12.6f] %s", l.micros() / 1e6, l.text()));
        }
        if (lines.size() > shown.size()) {
            log.add("... and " + (lines.size() - shown.size()) + " more line(s) about the lab's devices");
        }
        if (source.unavailable() != null) {
            limits.add(source.unavailable());
        } else if (source.lost() > 0) {
            limits.add(source.lost() + " kernel log record(s) were overwritten before the lab read them");
        }
        return this;
    }

    ResultBuilder cite(Reference... refs) {
        references.addAll(List.of(refs));
        return this;
    }

    ResultBuilder limit(String why) {
        limits.add(why);
        return this;
    }

    ResultBuilder setup(String what) {
        setup.add(what);
        return this;
    }

    ResultBuilder limits(Collection<String> why) {
        limits.addAll(why);
        return this;
    }

    ScenarioResult build(Outcome outcome, String verdict, String mechanism) {
        return new ScenarioResult(
                scenario,
                outcome,
                outcome.label() + ": " + verdict,
                mechanism,
                String.join("; ", setup),
                evidence,
                log,
                references,
                limits,
                (System.nanoTime() - startNanos) / 1_000_000);
    }
}
