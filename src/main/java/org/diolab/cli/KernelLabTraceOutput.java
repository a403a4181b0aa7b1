package org.diolab.cli;

import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.diolab.live.kernel.ScenarioTrace;
import org.diolab.live.kernel.TraceCost;
import org.diolab.live.kernel.trace.meaning.Failure;
import org.diolab.live.kernel.trace.meaning.Moment;
import org.diolab.live.kernel.trace.meaning.RaceRate;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A scenario's trace in the kernel-lab reports ({@code --trace DIR}): where the files are, what the recording shows,
 * its failures (the text names the first; the JSON lists them all, for choosing one later), the traced run's verdict
 * and what tracing cost the race; or what could not be recorded.
 */
final class KernelLabTraceOutput {
    private KernelLabTraceOutput() {}

    static void text(StringBuilder b, ScenarioTrace t) {
        t.files()
                .ifPresent(f -> b.append("  trace: ")
                        .append(f.json())
                        .append(" (Perfetto: ui.perfetto.dev, or chrome://tracing); raw text ")
                        .append(f.ftrace())
                        .append('\n'));
        t.findings()
                .ifPresent(f -> b.append("  the trace shows: ").append(f.text()).append('\n'));
        if (t.recorded()) {
            b.append("  failures picked: ").append(t.failures().size());
            if (!t.failures().isEmpty()) {
                b.append(" (the first: ")
                        .append(t.failures().getFirst().summary())
                        .append(')');
            }
            b.append('\n');
            b.append("  lost: ")
                    .append(
                            t.lost() == 0
                                    ? "none (the ring buffer kept up)"
                                    : String.format(
                                            Locale.ROOT,
                                            "%,d event(s) the ring buffer overwrote before the lab read them: the trace has"
                                                    + " gaps (the verdict and the tracing cost are the lab threads' own"
                                                    + " counts, not the trace's)",
                                            t.lost()))
                    .append('\n');
        }
        t.tracedRun()
                .ifPresent(r -> b.append("  traced run: ")
                        .append(r.verdict().toUpperCase(Locale.ROOT).charAt(0))
                        .append(r.verdict().substring(1))
                        .append('\n'));
        t.cost()
                .ifPresent(
                        c -> b.append("  tracing cost: ").append(c.describe()).append('\n'));
        if (!t.recording().isEmpty()) {
            b.append("  recorded: ").append(t.recording()).append('\n');
        }
        t.notRecorded().forEach(n -> b.append("  not recorded: ").append(n).append('\n'));
    }

    static void json(ObjectNode o, ScenarioTrace t) {
        ObjectNode x = o.putObject("trace");
        x.put("recorded", t.recorded());
        t.files().ifPresent(f -> {
            x.put("json", f.json().toString());
            x.put("ftrace", f.ftrace().toString());
        });
        x.put("shows", t.shows());
        t.findings().ifPresent(f -> {
            x.put("finding", f.text());
            ObjectNode n = x.putObject("numbers");
            f.numbers().forEach(n::put);
        });
        ArrayNode failures = x.putArray("failures");
        int i = 0;
        for (Failure f : t.failures()) {
            failure(failures.addObject(), i++, f);
        }
        t.tracedRun().ifPresent(r -> {
            ObjectNode run = x.putObject("traced_run");
            run.put("outcome", r.outcome().name().toLowerCase(Locale.ROOT));
            run.put("verdict", r.verdict());
        });
        t.cost().ifPresent(c -> cost(x.putObject("cost"), c));
        x.put("recording", t.recording());
        x.put("lost_events", t.lost());
        t.notRecorded().forEach(x.putArray("not_recorded")::add);
    }

    private static void failure(ObjectNode o, int index, Failure f) {
        o.put("index", index);
        o.put("kind", f.kind().name().toLowerCase(Locale.ROOT));
        o.put("summary", f.summary());
        o.put("from_us", f.fromNanos() / 1000.0);
        o.put("to_us", f.toNanos() / 1000.0);
        f.call().ifPresent(op -> {
            o.put("call", op.describe());
            o.put("ret", op.ret());
        });
        ArrayNode cols = o.putArray("columns");
        f.columns().forEach(c -> cols.add(c.label()));
        o.put("events", f.moments().size());
        Map<String, Integer> steps = new TreeMap<>();
        for (Moment m : f.moments()) {
            steps.merge(m.step().name().toLowerCase(Locale.ROOT), 1, Integer::sum);
        }
        ObjectNode s = o.putObject("steps");
        steps.forEach(s::put);
        o.put("store_passes", f.stores().size());
        o.put("truncated", f.truncated());
    }

    private static void cost(ObjectNode o, TraceCost c) {
        o.put("loops", c.measure().loops().name().toLowerCase(Locale.ROOT));
        o.put("file", c.measure().file());
        o.put("race", c.measure().shows().name().toLowerCase(Locale.ROOT));
        rate(o.putObject("untraced"), c.untraced(), c.untracedRewritesPerSecond());
        rate(o.putObject("traced"), c.traced(), c.tracedRewritesPerSecond());
        double r = c.ratio();
        if (!Double.isNaN(r)) {
            o.put("ratio", Math.round(r * 1000) / 1000.0);
        }
        o.put("text", c.describe());
    }

    private static void rate(ObjectNode o, RaceRate r, double rewrites) {
        o.put("races", r.races());
        o.put("calls", r.calls());
        o.put("seconds", Math.round(r.nanos() / 1e6) / 1000.0);
        o.put("races_per_s", Math.round(r.perSecond() * 10) / 10.0);
        o.put("calls_per_s", Math.round(r.callsPerSecond() * 10) / 10.0);
        o.put("buffer_rewrites_per_s", Math.round(rewrites));
    }
}
