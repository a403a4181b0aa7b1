package org.diolab.lesson;

import java.util.ArrayList;
import java.util.List;
import org.diolab.engine.Scenario;
import org.diolab.engine.model.Filesystem;
import org.diolab.engine.model.Volume;
import org.diolab.engine.op.Policy;
import org.diolab.engine.op.PolicyFeatures;
import org.diolab.lesson.yaml.Node;

/**
 * Reads a lesson's {@code policies}: presets or compositions ({@code async-csum+stable-writes}) with their role, and
 * checks each against the file system and volume the setup chose: ext4's locking schemes need ext4, btrfs's
 * fallbacks and async checksums need btrfs, a write-intent bitmap needs a mirror.
 */
final class PolicyParser {
    private final Problems problems;
    private final SetupParser.Declared setup;

    PolicyParser(Problems problems, SetupParser.Declared setup) {
        this.problems = problems;
        this.setup = setup;
    }

    List<PolicyChoice> parse(Fields lesson, Scenario scenario) {
        List<PolicyChoice> out = new ArrayList<>();
        for (Node n : lesson.list("policies", true)) {
            Fields p = Fields.of(n, problems, "a policy");
            if (p == null) {
                continue;
            }
            String id = p.text("id");
            String role = p.optText("role", "baseline");
            String note = p.optText("note", "");
            List<String> stableLegs = p.has("stable_legs") ? p.texts("stable_legs", false) : null;
            KernelRange kernel = new ExtrasParser(problems).kernel(p.raw("kernel"));
            p.rejectUnknown();
            if (stableLegs != null && scenario != null) {
                List<String> legs = scenario.initial().volume().legs();
                for (String leg : stableLegs) {
                    if (!legs.contains(leg)) {
                        problems.at(
                                p.node().entries().get("stable_legs"),
                                "stable_legs names '" + leg + "', which is not a leg of the volume",
                                Suggest.hint(leg, legs));
                    }
                }
            }
            if (id == null) {
                continue;
            }
            Policy policy;
            try {
                policy = Policy.parse(id);
            } catch (IllegalArgumentException e) {
                String m = e.getMessage();
                String hint = m.startsWith("unknown policy '")
                        ? Suggest.hint(m.substring(16, m.length() - 1), Policy.ids())
                        : "compose presets that decide different things, e.g. async-csum+stable-writes";
                problems.at(p.node().entries().get("id"), m, hint);
                continue;
            }
            if (PolicyRole.byId(role).isEmpty()) {
                problems.at(
                        p.node().entries().get("role"),
                        "unknown role '" + role + "'",
                        Suggest.hint(role, PolicyRole.ids()));
            } else if (out.stream().anyMatch(c -> c.policy() == policy)) {
                problems.at(n, "policy '" + id + "' is listed twice", null);
            } else {
                fits(policy, p.node().entries().get("id"));
                out.add(new PolicyChoice(policy, PolicyRole.byId(role).orElseThrow(), note, stableLegs, kernel));
            }
        }
        if (out.isEmpty() && !problems.any()) {
            problems.at(
                    lesson.node(), "the lesson lists no policies", "add 'policies:' with at least one, e.g. zero-copy");
        }
        return out;
    }

    /** Whether {@code policy} can exist on the setup's file system and volume. */
    private void fits(Policy policy, Node at) {
        Filesystem fs = setup == null ? Filesystem.GENERIC : setup.fs();
        PolicyFeatures f = policy.features();
        boolean btrfsOnly = f.csum().async()
                || f.write() == PolicyFeatures.WriteMode.BUFFERED_FALLBACK
                || f.write() == PolicyFeatures.WriteMode.PROFILE_FALLBACK;
        if (btrfsOnly && fs != Filesystem.BTRFS && fs != Filesystem.GENERIC) {
            problems.at(
                    at,
                    "'" + policy.id() + "' is btrfs behaviour, but the lesson's fs is " + fs.id(),
                    "use fs: btrfs, or a policy " + fs.id() + " has");
        }
        if (f.locking() != PolicyFeatures.Locking.NONE && fs != Filesystem.EXT4 && fs != Filesystem.GENERIC) {
            problems.at(
                    at,
                    "'" + policy.id() + "' is ext4's i_rwsem scheme, but the lesson's fs is " + fs.id(),
                    "use fs: ext4");
        }
        if (f.bitmap()
                && setup != null
                && (setup.layout() != Volume.Layout.MIRROR || setup.legs().size() < 2)) {
            problems.at(
                    at,
                    "'" + policy.id() + "' gives an md mirror a write-intent bitmap, but the volume is not "
                            + "a mirror of two or more legs",
                    "use legs: [leg0, leg1]");
        }
    }
}
