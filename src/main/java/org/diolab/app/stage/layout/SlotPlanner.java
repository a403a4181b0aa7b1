package org.diolab.app.stage.layout;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.diolab.app.stage.cast.CastMember;
import org.diolab.engine.model.Ref;

/**
 * Gives each group of a column (a bio with its clones, or a single card) a slot, so that groups never on show at the
 * same time in any run may share one: a read bio can take the place a finished write left. Greedy colouring in
 * order of first appearance; each slot then stacks its groups' cards at one fixed place.
 */
final class SlotPlanner {
    private SlotPlanner() {}

    /** A group: its members (the original first) and when it is on show in each trace. */
    record Group(Ref id, List<CastMember> members, List<CastMember.Span> spans) {
        boolean overlaps(Group o) {
            for (int t = 0; t < spans.size(); t++) {
                CastMember.Span a = spans.get(t);
                if (a != null && a.overlaps(o.spans.get(t))) {
                    return true;
                }
            }
            return false;
        }
    }

    /** Groups of {@code members} in order of first appearance, each original before its clones. */
    static List<Group> groups(List<CastMember> members, int traces) {
        Map<Ref, List<CastMember>> byGroup = new LinkedHashMap<>();
        members.stream()
                .sorted(java.util.Comparator.comparingInt(CastMember::order))
                .forEach(m -> byGroup.computeIfAbsent(m.group(), g -> new ArrayList<>())
                        .add(m));
        List<Group> out = new ArrayList<>();
        byGroup.forEach((id, list) -> {
            list.sort(java.util.Comparator.comparing((CastMember m) -> !m.ref().equals(id))
                    .thenComparingInt(CastMember::order));
            List<CastMember.Span> spans = new ArrayList<>();
            for (int t = 0; t < traces; t++) {
                CastMember.Span env = null;
                for (CastMember m : list) {
                    CastMember.Span s = m.spans().get(t);
                    if (s != null) {
                        env = env == null
                                ? s
                                : new CastMember.Span(Math.min(env.first(), s.first()), Math.max(env.last(), s.last()));
                    }
                }
                spans.add(env);
            }
            out.add(new Group(id, List.copyOf(list), spans));
        });
        return out;
    }

    /** Slots, each a list of groups that never overlap in time. */
    static List<List<Group>> slots(List<Group> groups) {
        List<List<Group>> slots = new ArrayList<>();
        for (Group g : groups) {
            List<Group> home = null;
            for (List<Group> slot : slots) {
                if (slot.stream().noneMatch(g::overlaps)) {
                    home = slot;
                    break;
                }
            }
            if (home == null) {
                home = new ArrayList<>();
                slots.add(home);
            }
            home.add(g);
        }
        return slots;
    }
}
