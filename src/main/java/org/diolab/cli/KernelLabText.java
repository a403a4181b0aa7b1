package org.diolab.cli;

import java.util.Locale;
import org.diolab.live.kernel.KernelLabReport;
import org.diolab.live.kernel.scenario.Measure;
import org.diolab.live.kernel.scenario.Reference;
import org.diolab.live.kernel.scenario.ScenarioResult;

/** {@code kernel-lab} as text: the machine, then per scenario its verdict, setup, evidence, log lines and commits. */
final class KernelLabText {
    private KernelLabText() {}

    static String render(KernelLabReport r) {
        StringBuilder b = new StringBuilder();
        b.append("Kernel lab on Linux ")
                .append(r.kernelRelease())
                .append(", ")
                .append(r.btrfsProgs())
                .append(", ")
                .append(r.machine().cpuModel())
                .append(", ")
                .append(r.machine().logicalCpus())
                .append(" CPUs\n");
        b.append("scratch: ")
                .append(r.dir())
                .append(", started ")
                .append(r.startedAt())
                .append('\n');
        r.sweptLeftovers().forEach(s -> b.append("sweep: ").append(s).append('\n'));
        if (!r.tracing().isEmpty()) {
            b.append("tracing: ").append(r.tracing()).append('\n');
        }
        for (ScenarioResult s : r.results()) {
            b.append('\n')
                    .append(s.scenario().id())
                    .append(" (")
                    .append(s.scenario().seed())
                    .append("; lesson")
                    .append(s.scenario().lessons().size() > 1 ? "s " : " ")
                    .append(String.join(", ", s.scenario().lessons()))
                    .append(")\n");
            b.append("  ")
                    .append(s.verdict().toUpperCase(Locale.ROOT).charAt(0))
                    .append(s.verdict().substring(1))
                    .append('\n');
            line(b, "mechanism", s.mechanism());
            line(b, "setup", s.setup());
            if (!s.evidence().isEmpty()) {
                b.append("  evidence:\n");
                int w = s.evidence().stream()
                        .mapToInt(m -> m.label().length())
                        .max()
                        .orElse(0);
                for (Measure m : s.evidence()) {
                    b.append(String.format(Locale.ROOT, "    %-" + w + "s  %s%n", m.label(), m.display()));
                }
            }
            if (!s.kernelLog().isEmpty()) {
                b.append("  kernel log:\n");
                s.kernelLog().forEach(l -> b.append("    ").append(l).append('\n'));
            }
            for (Reference ref : s.references()) {
                b.append("  points to: ")
                        .append(ref.cite())
                        .append(" — ")
                        .append(ref.what())
                        .append('\n');
            }
            s.limits().forEach(l -> b.append("  could not show: ").append(l).append('\n'));
            r.trace(s.scenario()).ifPresent(t -> KernelLabTraceOutput.text(b, t));
            b.append(String.format(Locale.ROOT, "  took %.1f s%n", s.millis() / 1000.0));
        }
        if (!r.lasting().isEmpty()) {
            b.append("\non your btrfs:\n");
            r.lasting().forEach(l -> b.append("  ").append(l).append('\n'));
        }
        b.append("\ntorn down: ").append(r.tornDown()).append('\n');
        r.leftBehind().forEach(l -> b.append("LEFT BEHIND: ").append(l).append('\n'));
        return b.toString();
    }

    private static void line(StringBuilder b, String key, String value) {
        if (!value.isEmpty()) {
            b.append("  ").append(key).append(": ").append(value).append('\n');
        }
    }
}
