package org.diolab.cli;

import java.util.OptionalDouble;
import org.diolab.live.kernel.seed.Measured;
import org.diolab.live.kernel.seed.SeedTablesReport;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code kernel-lab seed-tables --format json}: {@code {"kernel", "machine": {...}, "started_at", "scaling",
 * "caveats": [...], "tables": [{"seed", "title", "seed_command", "seed_machine", "unit", "rows": [{"case",
 * "seed_value", "seed_ratio", "here", "here_ratio", "run", "absent"}]}], "runs": [{"run", "job", "where",
 * "read_mib_s", "write_mib_s", "read_iops", "write_iops"}], "swept", "torn_down", "left_behind"}}; a value this
 * kernel has none of is null, with "absent" saying why.
 */
final class SeedTablesJson {
    private SeedTablesJson() {}

    static String render(SeedTablesReport r) {
        ObjectNode root = TraceJson.MAPPER.createObjectNode();
        root.put("kernel", r.kernel());
        ObjectNode machine = root.putObject("machine");
        machine.put("cpu", r.machine().cpuModel());
        machine.put("cpus", r.machine().logicalCpus());
        machine.put("arch", r.machine().arch());
        if (r.machine().filesystem() != null) {
            machine.put("scratch_fs", r.machine().filesystem().type());
            machine.put("scratch_source", r.machine().filesystem().source());
        }
        root.put("started_at", r.startedAt().toString());
        root.put("scaling", r.scaling());
        r.caveats().forEach(root.putArray("caveats")::add);
        ArrayNode tables = root.putArray("tables");
        for (SeedTablesReport.Table t : r.tables()) {
            ObjectNode o = tables.addObject();
            o.put("seed", t.seed().seed());
            o.put("title", t.seed().title());
            o.put("seed_command", t.seed().command());
            o.put("seed_machine", t.seed().machine());
            o.put("unit", t.seed().unit());
            ArrayNode rows = o.putArray("rows");
            for (SeedTablesReport.Row row : t.rows()) {
                ObjectNode x = rows.addObject();
                x.put("case", row.seed().label());
                put(x, "seed_value", row.seed().seedValue());
                put(x, "seed_ratio", row.seedRatio());
                put(x, "here", row.here());
                put(x, "here_ratio", row.hereRatio());
                if (row.run().isPresent()) {
                    x.put("run", SeedTablesText.label(row.run().get()));
                } else {
                    x.putNull("run");
                }
                if (row.absent().isPresent()) {
                    x.put("absent", row.absent().get());
                } else {
                    x.putNull("absent");
                }
            }
        }
        ArrayNode runs = root.putArray("runs");
        for (Measured m : r.runs()) {
            ObjectNode x = runs.addObject();
            x.put("run", SeedTablesText.label(m.measurement()));
            x.put("job", m.job());
            x.put("where", m.where());
            x.put("read_mib_s", round(m.read().mibPerSecond()));
            x.put("write_mib_s", round(m.write().mibPerSecond()));
            x.put("read_iops", round(m.read().iops()));
            x.put("write_iops", round(m.write().iops()));
        }
        r.swept().forEach(root.putArray("swept")::add);
        r.tornDown().forEach(root.putArray("torn_down")::add);
        r.leftBehind().forEach(root.putArray("left_behind")::add);
        return TraceJson.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(root);
    }

    private static void put(ObjectNode o, String key, OptionalDouble v) {
        if (v.isPresent()) {
            o.put(key, round(v.getAsDouble()));
        } else {
            o.putNull(key);
        }
    }

    private static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }
}
