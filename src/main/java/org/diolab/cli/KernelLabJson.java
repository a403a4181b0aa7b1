package org.diolab.cli;

import org.diolab.live.kernel.KernelLabReport;
import org.diolab.live.kernel.scenario.Measure;
import org.diolab.live.kernel.scenario.Reference;
import org.diolab.live.kernel.scenario.ScenarioResult;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code kernel-lab --format json}: {@code {"kernel", "btrfs_progs", "machine": {...}, "dir", "started_at",
 * "swept_leftovers": [...], "results": [{"scenario", "seed", "lessons", "outcome", "verdict", "mechanism", "setup",
 * "evidence": {key: value}, "evidence_labels": {key: label}, "kernel_log": [...], "references": [{"commit",
 * "subject", "what", "source"}], "limits": [...], "millis", "trace": {...}}], "torn_down", "left_behind": [...],
 * "lasting_changes": [...]}}; "left_behind" is empty when everything the run built is gone, "lasting_changes" (with
 * --mount) says what each scenario changed on the user's btrfs for good, or that it left it as it was. With
 * {@code --trace}, "tracing" says where the traces were recorded and each result has a "trace"
 * ({@link KernelLabTraceOutput}): "recorded", "json", "ftrace", "shows", "finding", "numbers", "failures": [{"index",
 * "kind", "summary", "from_us", "to_us", "call", "ret", "columns", "events", "steps", "store_passes", "truncated"}],
 * "traced_run", "cost": {"untraced", "traced", "ratio", "text"}, "recording", "lost_events", "not_recorded".
 */
final class KernelLabJson {
    private KernelLabJson() {}

    static String render(KernelLabReport r) {
        ObjectNode root = TraceJson.MAPPER.createObjectNode();
        root.put("kernel", r.kernelRelease());
        root.put("btrfs_progs", r.btrfsProgs());
        ObjectNode machine = root.putObject("machine");
        machine.put("cpu", r.machine().cpuModel());
        machine.put("cpus", r.machine().logicalCpus());
        machine.put("arch", r.machine().arch());
        machine.put("jdk", r.machine().jdk());
        root.put("dir", r.dir());
        root.put("started_at", r.startedAt().toString());
        r.sweptLeftovers().forEach(root.putArray("swept_leftovers")::add);
        if (!r.tracing().isEmpty()) {
            root.put("tracing", r.tracing());
        }
        ArrayNode results = root.putArray("results");
        for (ScenarioResult s : r.results()) {
            ObjectNode o = results.addObject();
            o.put("scenario", s.scenario().id());
            o.put("seed", s.scenario().seed());
            s.scenario().lessons().forEach(o.putArray("lessons")::add);
            o.put("outcome", s.outcome().name().toLowerCase(java.util.Locale.ROOT));
            o.put("verdict", s.verdict());
            o.put("mechanism", s.mechanism());
            o.put("setup", s.setup());
            ObjectNode ev = o.putObject("evidence");
            ObjectNode labels = o.putObject("evidence_labels");
            for (Measure m : s.evidence()) {
                switch (m.value()) {
                    case Long l -> ev.put(m.key(), l);
                    case Double d -> ev.put(m.key(), Math.round(d * 100) / 100.0);
                    case Boolean bo -> ev.put(m.key(), bo);
                    default -> ev.put(m.key(), m.value().toString());
                }
                labels.put(m.key(), m.label());
            }
            s.kernelLog().forEach(o.putArray("kernel_log")::add);
            ArrayNode refs = o.putArray("references");
            for (Reference ref : s.references()) {
                ObjectNode x = refs.addObject();
                x.put("commit", ref.commit());
                x.put("subject", ref.subject());
                x.put("what", ref.what());
                x.put("source", ref.source());
            }
            s.limits().forEach(o.putArray("limits")::add);
            o.put("millis", s.millis());
            r.trace(s.scenario()).ifPresent(t -> KernelLabTraceOutput.json(o, t));
        }
        root.put("torn_down", r.tornDown());
        r.leftBehind().forEach(root.putArray("left_behind")::add);
        r.lasting().forEach(root.putArray("lasting_changes")::add);
        return TraceJson.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(root);
    }
}
