package org.diolab.engine.explore;

import java.lang.reflect.RecordComponent;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.diolab.engine.ActorSpec;
import org.diolab.engine.model.Device;
import org.diolab.engine.model.Page;
import org.diolab.engine.model.World;
import org.diolab.engine.op.Operation;

/**
 * Lines two threads' operations up, component by component, for {@link Symmetry}: components that name things
 * ({@code bio}, {@code page}, {@code pages}, {@code leg}, {@code device}) may differ, and each difference maps a name
 * of one thread to the other's; every other component ({@code bytes}, blocks, flags, a nested policy) must be equal.
 * An operation with a component this does not know as a name is compared as data, which can only find fewer
 * symmetries.
 */
final class OpAlignment {
    private static final Set<String> NAMES = Set.of("bio", "page", "pages", "leg", "device");

    private OpAlignment() {}

    /** Names of {@code a} to the names of {@code b} in the same places (the thread ids first), or null. */
    static Map<String, String> align(ActorSpec a, ActorSpec b, Set<String> ids) {
        if (a.ops().size() != b.ops().size()) {
            return null;
        }
        Map<String, String> m = new LinkedHashMap<>();
        m.put(a.id(), b.id());
        for (int i = 0; i < a.ops().size(); i++) {
            if (!align(a.ops().get(i), b.ops().get(i), m)) {
                return null;
            }
        }
        // names both threads use (the same leg) are shared, not theirs
        m.entrySet().removeIf(e -> e.getKey().equals(e.getValue()));
        Map<String, String> back = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : m.entrySet()) {
            if (back.put(e.getValue(), e.getKey()) != null || !ids.contains(e.getKey())) {
                return null; // two names onto one, or not a name at all
            }
        }
        return m.containsKey(a.id()) ? m : null;
    }

    private static boolean align(Object x, Object y, Map<String, String> m) {
        if (x.getClass() != y.getClass() || !(x instanceof Record)) {
            return x.equals(y);
        }
        for (RecordComponent rc : x.getClass().getRecordComponents()) {
            Object vx = get(rc, x);
            Object vy = get(rc, y);
            boolean ok;
            if (NAMES.contains(rc.getName()) && vx instanceof String sx && vy instanceof String sy) {
                ok = map(sx, sy, m);
            } else if (NAMES.contains(rc.getName()) && vx instanceof List<?> lx && vy instanceof List<?> ly) {
                ok = lx.size() == ly.size();
                for (int k = 0; ok && k < lx.size(); k++) {
                    ok = lx.get(k) instanceof String sx && ly.get(k) instanceof String sy && map(sx, sy, m);
                }
            } else if (vx instanceof Operation ox && vy instanceof Operation oy) {
                ok = align(ox, oy, m);
            } else {
                ok = java.util.Objects.equals(vx, vy);
            }
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    private static boolean map(String x, String y, Map<String, String> m) {
        String known = m.putIfAbsent(x, y);
        return known == null || known.equals(y);
    }

    /** Adds the bio names {@code op} introduces to {@code ids}. */
    static void bios(Object op, Set<String> ids) {
        if (!(op instanceof Record)) {
            return;
        }
        for (RecordComponent rc : op.getClass().getRecordComponents()) {
            Object v = get(rc, op);
            if (rc.getName().equals("bio") && v instanceof String s) {
                ids.add(s);
            } else if (v instanceof Operation inner) {
                bios(inner, ids);
            }
        }
    }

    /** Whether no data (page bytes, block contents, the bytes an operation stores) holds a name {@code m} moves. */
    static boolean dataFree(List<ActorSpec> threads, World w, Set<String> ids, NameMap m) {
        for (Page p : w.pages().values()) {
            if (m.mentions(p.bytes())) {
                return false;
            }
        }
        for (Device d : w.devices().values()) {
            if (d.blocks().values().stream().anyMatch(m::mentions)) {
                return false;
            }
        }
        for (ActorSpec t : threads) {
            for (Operation op : t.ops()) {
                if (!dataFree(op, ids, m)) {
                    return false;
                }
            }
        }
        return true;
    }

    private static boolean dataFree(Object op, Set<String> ids, NameMap m) {
        for (RecordComponent rc : op.getClass().getRecordComponents()) {
            Object v = get(rc, op);
            if (v instanceof String s && !ids.contains(s) && m.mentions(s)) {
                return false;
            }
            if (v instanceof Operation inner && !dataFree(inner, ids, m)) {
                return false;
            }
        }
        return true;
    }

    private static Object get(RecordComponent rc, Object r) {
        try {
            return rc.getAccessor().invoke(r);
        } catch (ReflectiveOperationException e) {
            throw new ModelRenamer.Unrenamable(r.getClass().getName());
        }
    }
}
