package org.diolab.live.kernel.trace;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.diolab.live.kernel.trace.text.FtraceParser;
import org.diolab.live.kernel.trace.text.Payload;
import org.diolab.live.kernel.trace.text.TraceEvent;

/**
 * What each kernel-lab scenario's race looks like in this kernel's tracepoints, before the lab records it itself
 * (phase 2): runs {@code dio-lab kernel-lab SCENARIO} from a jar while two instances record, one following the lab
 * process's threads ({@code set_event_pid} with event-fork: iomap, writeback waits, lock contention, scheduling),
 * one the loop devices (major 7) and the kernel threads' writeback. Prints what was seen and writes the merged text.
 * Not a test; run by hand (root):
 *
 * <pre>
 * java -cp target/classes:target/test-classes:$(cat target/cp.txt) org.diolab.live.kernel.trace.ScenarioSurvey \
 *     target/dio-lab.jar WORKDIR false-csum-read nowait-read ...
 * </pre>
 */
public final class ScenarioSurvey {
    private ScenarioSurvey() {}

    public static void main(String[] args) throws Exception {
        Path jar = Path.of(args[0]).toAbsolutePath();
        Path dir = Files.createDirectories(Path.of(args[1]));
        try (Tracefs fs = RootLab.tracefs(dir)) {
            for (int i = 2; i < args.length; i++) {
                survey(fs, jar, dir, args[i]);
            }
        }
    }

    private static void survey(Tracefs fs, Path jar, Path dir, String scenario) throws Exception {
        TracePlan threads = new TracePlan(
                scenario,
                List.of(
                        new EventSpec("iomap", "iomap_dio_rw_begin", "", ""),
                        new EventSpec("iomap", "iomap_dio_complete", "", ""),
                        new EventSpec("writeback", "writeback_dirty_folio", "", ""),
                        new EventSpec("writeback", "folio_wait_writeback", "", ""),
                        new EventSpec("lock", "contention_begin", "", ""),
                        new EventSpec("lock", "contention_end", "", ""),
                        new EventSpec("sched", "sched_switch", "", ""),
                        new EventSpec("filemap", "mm_filemap_add_to_page_cache", "", "")),
                16384,
                "");
        TracePlan devices = new TracePlan(
                scenario,
                List.of(
                        new EventSpec("block", "block_bio_queue", "dev >= 7340032 && dev < 8388608", ""),
                        new EventSpec("block", "block_rq_issue", "dev >= 7340032 && dev < 8388608", ""),
                        new EventSpec("block", "block_rq_complete", "dev >= 7340032 && dev < 8388608", ""),
                        new EventSpec("writeback", "wbc_writepage", "", ""),
                        new EventSpec("writeback", "writeback_single_inode_start", "", ""),
                        new EventSpec("btrfs", "btrfs_ordered_extent_add", "", ""),
                        new EventSpec("btrfs", "btrfs_finish_ordered_extent", "", "")),
                16384,
                "");
        try (TraceInstance a = TraceInstance.create(fs, "surveya");
                TraceInstance b = TraceInstance.create(fs, "surveyb")) {
            a.configure(threads);
            b.configure(devices);
            Files.writeString(a.file("options/event-fork"), "1\n");
            a.start();
            b.start();
            Path lab = Files.createDirectories(dir.resolve("lab"));
            ProcessBuilder pb = new ProcessBuilder(
                            "sh",
                            "-c",
                            "echo $$ > " + a.file("set_event_pid") + "; exec "
                                    + ProcessHandle.current().info().command().orElse("java")
                                    + " -jar " + jar + " kernel-lab " + scenario + " --dir " + lab
                                    + " --runtime 1s --size 32m --no-progress")
                    .redirectErrorStream(true);
            Process p = pb.start();
            String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            p.waitFor();
            a.stop();
            b.stop();
            List<TraceEvent> all = new ArrayList<>();
            all.addAll(FtraceParser.parse(Files.readAllLines(a.file("trace"))).events());
            all.addAll(FtraceParser.parse(Files.readAllLines(b.file("trace"))).events());
            all.sort(Comparator.comparingLong(TraceEvent::nanos));
            Files.write(
                    dir.resolve(scenario + ".survey.txt"),
                    all.stream().map(TraceEvent::line).toList());
            Files.writeString(dir.resolve(scenario + ".lab.txt"), out);
            System.out.println("== " + scenario + " (lost: a " + a.stats().lost() + ", b "
                    + b.stats().lost() + ")");
            counts(all).forEach((k, v) -> System.out.printf("  %8d  %s%n", v, k));
        }
    }

    /** Events by name and the detail that matters for the lessons (flags, errors, device, rwbs). */
    private static Map<String, Long> counts(List<TraceEvent> all) {
        Map<String, Long> c = new TreeMap<>();
        for (TraceEvent e : all) {
            String k = switch (e.payload()) {
                case Payload.DioBegin d -> e.name() + " flags=" + d.flags();
                case Payload.DioComplete d -> e.name() + " error=" + d.error();
                case Payload.BlockRequest r -> e.name() + " " + r.dev() + " " + r.rwbs() + " by=" + byKind(e);
                case Payload.BioQueued q -> e.name() + " " + q.dev() + " " + q.rwbs() + " by=" + byKind(e);
                case Payload.Contention x -> e.name() + (x.begin() ? " " + x.flags() : "") + " by=" + byKind(e);
                case Payload.Switch s -> e.name() + " prev_state=" + s.prevState();
                default -> e.name() + " by=" + byKind(e);
            };
            c.merge(k, 1L, Long::sum);
        }
        return c;
    }

    private static String byKind(TraceEvent e) {
        String t = e.task();
        return t.startsWith("dio-lab")
                ? "lab"
                : t.startsWith("kworker") ? "kworker" : t.startsWith("ksoftirqd") ? "softirq" : "other";
    }
}
