package org.diolab.lesson;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.diolab.engine.op.Policy;
import org.diolab.lesson.yaml.Node;

/** Reads a lesson's {@code live} experiment and its seed {@code numbers}. */
final class ExtrasParser {
    /** Decimal numbers as people write them; no NaN, Infinity, hex or type suffixes that Java would accept. */
    private static final Pattern NUMBER = Pattern.compile("[+-]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][+-]?\\d{1,3})?");

    private final Problems problems;

    ExtrasParser(Problems problems) {
        this.problems = problems;
    }

    LiveExperiment live(Node node) {
        return new LiveExperimentParser(problems).parse(node);
    }

    private static final java.util.regex.Pattern DATE = java.util.regex.Pattern.compile("\\d{4}(-\\d{2}(-\\d{2})?)?");
    private static final java.util.regex.Pattern COMMIT = java.util.regex.Pattern.compile("[0-9a-f]{12,40}");

    /** {@code epilogue: [{when?, commit?, subject?, summary, source}]}: what happened next, each with its source. */
    List<HistoryEntry> epilogue(List<Node> items) {
        List<HistoryEntry> out = new ArrayList<>();
        for (Node item : items) {
            Fields f = Fields.of(item, problems, "an epilogue entry");
            if (f == null) {
                continue;
            }
            String when = f.optText("when", null);
            String commit = f.optText("commit", null);
            String subject = f.optText("subject", null);
            String summary = f.text("summary");
            String source = f.text("source");
            f.rejectUnknown();
            if (when != null && !(DATE.matcher(when).matches() && isCalendarDate(when))) {
                problems.at(
                        f.node().entries().get("when"),
                        "'when' must be YYYY, YYYY-MM or YYYY-MM-DD, found '" + when + "'",
                        "leave 'when' out when no source dates it: it shows as 'not dated here'");
            } else if (commit != null && !COMMIT.matcher(commit).matches()) {
                problems.at(
                        f.node().entries().get("commit"),
                        "'commit' must be 12 to 40 lowercase hex digits, " + "found '" + commit + "'",
                        null);
            } else if (summary != null && source != null) {
                out.add(new HistoryEntry(when, commit, subject, summary, source));
            }
        }
        return out;
    }

    /** Whether YYYY, YYYY-MM or YYYY-MM-DD names a real month and day (not 2025-13-45, nor 2025-02-30). */
    private static boolean isCalendarDate(String when) {
        try {
            switch (when.length()) {
                case 7 -> java.time.YearMonth.parse(when);
                case 10 -> java.time.LocalDate.parse(when);
                default -> {} // a year alone: four digits are a year
            }
            return true;
        } catch (java.time.format.DateTimeParseException e) {
            return false;
        }
    }

    private static final Pattern RELEASE = Pattern.compile("\\d+\\.\\d+");

    /**
     * {@code kernel: {since?, before?, commit?, note?}}: which kernels behave as the lesson (or a policy of it) shows;
     * an end is a release, or a commit where no source gives the release it landed in. {@code null} when absent or
     * broken (reported).
     */
    KernelRange kernel(Node node) {
        if (node == null) {
            return null;
        }
        Fields f = Fields.of(node, problems, "'kernel'");
        if (f == null) {
            return null;
        }
        String since = f.optText("since", null);
        String before = f.optText("before", null);
        String commit = f.optText("commit", null);
        String note = f.optText("note", null);
        f.rejectUnknown();
        boolean ok = true;
        for (String key : new String[] {"since", "before"}) {
            String v = key.equals("since") ? since : before;
            if (v != null && !RELEASE.matcher(v).matches() && !COMMIT.matcher(v).matches()) {
                problems.at(
                        f.node().entries().get(key),
                        "'" + key + "' must be a release like 6.15 or a commit id, found '" + v + "'",
                        "write the major and minor number, quoted (\"6.15\"), or the commit where no source gives"
                                + " its release");
                ok = false;
            }
        }
        if (since == null && before == null) {
            problems.at(node, "'kernel' needs 'since', 'before' or both", "e.g. kernel: {before: \"6.15\"}");
            ok = false;
        } else if (ok
                && since != null
                && before != null
                && RELEASE.matcher(since).matches()
                && RELEASE.matcher(before).matches()
                && KernelRange.compare(since, before) >= 0) {
            problems.at(
                    f.node().entries().get("before"),
                    "'before' (" + before + ") must be a later release than 'since' (" + since + ")",
                    null);
            ok = false;
        }
        if (commit != null && !COMMIT.matcher(commit).matches()) {
            problems.at(
                    f.node().entries().get("commit"),
                    "'commit' must be 12 to 40 lowercase hex digits, found '" + commit + "'",
                    null);
            ok = false;
        }
        return ok ? new KernelRange(since, before, commit, note) : null;
    }

    /** {@code kernel_lab: [{scenario, note}]}: the kernel-lab scenarios that ask the running kernel. */
    List<KernelLabRef> kernelLab(List<Node> items) {
        List<KernelLabRef> out = new ArrayList<>();
        for (Node item : items) {
            Fields f = Fields.of(item, problems, "a kernel_lab entry");
            if (f == null) {
                continue;
            }
            String scenario = f.text("scenario");
            String note = f.optText("note", "");
            f.rejectUnknown();
            if (scenario != null && !KernelLabRef.SCENARIOS.contains(scenario)) {
                problems.at(
                        f.node().entries().get("scenario"),
                        "unknown kernel-lab scenario '" + scenario + "'",
                        Suggest.hint(scenario, KernelLabRef.SCENARIOS));
            } else if (scenario != null) {
                out.add(new KernelLabRef(scenario, note));
            }
        }
        return out;
    }

    List<SeedNumbers> numbers(List<Node> items, List<String> seedIds, List<PolicyChoice> policies) {
        List<SeedNumbers> out = new ArrayList<>();
        for (Node item : items) {
            Fields f = Fields.of(item, problems, "a numbers table");
            if (f == null) {
                continue;
            }
            String seed = f.text("seed");
            if (seed != null && !seedIds.contains(seed)) {
                problems.at(
                        f.node().entries().get("seed"),
                        "numbers cite seed '" + seed + "', which the lesson " + "does not list under 'seeds'",
                        Suggest.hint(seed, seedIds));
            }
            String title = f.text("title");
            String command = f.text("command");
            String hardware = f.text("hardware");
            String unit = f.text("unit");
            List<SeedNumbers.Row> rows = rows(f.list("rows", true), policies);
            List<String> caveats = f.texts("caveats", false);
            String machine = f.optText("machine", null);
            String crc = f.optText("crc", null);
            if (crc != null && !crc.equals("hw") && !crc.equals("sw")) {
                problems.at(
                        f.node().entries().get("crc"),
                        "'crc' must be hw or sw, found '" + crc + "'",
                        "hw: the CPU's CRC32C instructions; sw: a table, as in a kvm64 VM");
            }
            f.rejectUnknown();
            if (rows.isEmpty() && !problems.any()) {
                problems.at(item, "a numbers table needs at least one row", null);
            }
            if (seed != null
                    && title != null
                    && command != null
                    && hardware != null
                    && unit != null
                    && !rows.isEmpty()) {
                out.add(new SeedNumbers(seed, title, command, hardware, unit, rows, caveats, machine, crc));
            }
        }
        return out;
    }

    private List<SeedNumbers.Row> rows(List<Node> items, List<PolicyChoice> policies) {
        List<SeedNumbers.Row> rows = new ArrayList<>();
        for (Node r : items) {
            Fields f = Fields.of(r, problems, "a numbers row");
            if (f == null) {
                continue;
            }
            String label = f.text("case");
            String value = f.text("value");
            String policy = f.optText("policy", null);
            String note = f.optText("note", "");
            String model = f.optText("model", null);
            f.rejectUnknown();
            if (policy != null
                    && policies.stream().noneMatch(c -> c.policy().id().equals(policy))
                    && Policy.byId(policy).isEmpty()) {
                problems.at(
                        f.node().entries().get("policy"),
                        "unknown policy '" + policy + "'",
                        Suggest.hint(policy, Policy.ids()));
            }
            if (label != null && value != null) {
                if (NUMBER.matcher(value.strip()).matches() && Double.isFinite(Double.parseDouble(value))) {
                    rows.add(new SeedNumbers.Row(label, Double.parseDouble(value), policy, note, model));
                } else {
                    problems.at(
                            f.node().entries().get("value"),
                            "'value' must be a finite decimal number, found '" + value + "'",
                            "write the number alone (e.g. 5.98), the unit goes in the table's 'unit'");
                }
            }
        }
        return rows;
    }
}
