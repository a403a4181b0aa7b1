package org.diolab.live.kernel;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/** Collects a scenario's evidence, log lines, references and limits as it measures, then makes the result. */
final class ResultBuilder {
    private static final int MAX_LOG_LINES = 12;
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

    /** Adds the scenario's kernel log lines (the first dozen, then how many more), and notes a lossy log. */
    ResultBuilder log(List<KernelLog.Line> lines, KernelLog source) {
        for (int i = 0; i < Math.min(MAX_LOG_LINES, lines.size()); i++) {
            log.add(String.format(java.util.Locale.ROOT, "[%12.6f] %s", lines.get(i).micros() / 1e6,
                    lines.get(i).text()));
        }
        if (lines.size() > MAX_LOG_LINES) {
            log.add("... and " + (lines.size() - MAX_LOG_LINES) + " more line(s) about the lab's devices");
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
        return new ScenarioResult(scenario, outcome, outcome.label() + ": " + verdict, mechanism,
                String.join("; ", setup), evidence, log, references, limits,
                (System.nanoTime() - startNanos) / 1_000_000);
    }
}
