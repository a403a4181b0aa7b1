package org.diolab.engine.explore;

import java.lang.reflect.RecordComponent;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import org.diolab.engine.model.Device;
import org.diolab.engine.model.LockWaiter;
import org.diolab.engine.model.Page;
import org.diolab.engine.model.RwSem;
import org.diolab.engine.model.World;

/**
 * What a step changed, named as the reduction's {@link Resources}: the facts the footprint audit checks the declared
 * footprints against. A part of the world it does not know (a component added to World, Page, Device or Inode) is
 * named "unknown:..." so the audit fails and says what to describe.
 */
final class WorldDiff {
    private WorldDiff() {}

    /** Resources written, and (separately) added to, going from {@code a} to {@code b}. */
    record Changes(SortedSet<String> written, SortedSet<String> added) {}

    static Changes of(World a, World b) {
        SortedSet<String> w = new TreeSet<>();
        SortedSet<String> add = new TreeSet<>();
        for (RecordComponent c : World.class.getRecordComponents()) {
            Object x = get(c, a);
            Object y = get(c, b);
            if (Objects.equals(x, y)) {
                continue;
            }
            switch (c.getName()) {
                case "pages" ->
                    keys(a.pages(), b.pages())
                            .forEach(id -> page(id, a.pages().get(id), b.pages().get(id), w, add));
                case "bios" ->
                    keys(a.bios(), b.bios()).forEach(id -> {
                        if (!Objects.equals(a.bios().get(id), b.bios().get(id))) {
                            w.add(Resources.bio(id));
                        }
                    });
                case "devices" ->
                    keys(a.devices(), b.devices())
                            .forEach(id ->
                                    device(id, a.devices().get(id), b.devices().get(id), w, add));
                case "csums" ->
                    keys(a.csums(), b.csums()).forEach(k -> {
                        if (!Objects.equals(a.csums().get(k), b.csums().get(k))) {
                            w.add(Resources.csum(k));
                        }
                    });
                case "work" ->
                    keys(a.work(), b.work()).forEach(id -> {
                        if (!Objects.equals(a.work().get(id), b.work().get(id))) {
                            w.add(Resources.work(id));
                        }
                    });
                case "history" ->
                    keys(a.history(), b.history()).forEach(k -> {
                        Set<String> before = a.history().getOrDefault(k, new TreeSet<>());
                        Set<String> after = b.history().getOrDefault(k, new TreeSet<>());
                        if (after.containsAll(before) && !before.equals(after)) {
                            add.add(Resources.history(k));
                        } else if (!before.equals(after)) {
                            w.add(Resources.history(k));
                        }
                    });
                case "marks" -> {
                    Set<String> all = new TreeSet<>(a.marks());
                    all.addAll(b.marks());
                    all.stream()
                            .filter(m -> a.marks().contains(m) != b.marks().contains(m))
                            .forEach(m -> w.add(Resources.mark(m)));
                }
                case "incidents" -> log(a.incidents(), b.incidents(), Resources.INCIDENTS, w, add);
                case "results" -> log(a.results(), b.results(), Resources.RESULTS, w, add);
                case "volume" -> w.add(Resources.VOLUME);
                case "inode" -> {
                    if (a.inode().nodatasum() != b.inode().nodatasum()) {
                        w.add(Resources.INODE_FLAGS);
                    }
                    rwsem(a.inode().rwsem(), b.inode().rwsem(), w);
                    if (a.inode().dioCount() != b.inode().dioCount()) {
                        add.add(Resources.DIO_COUNT);
                    }
                    if (w.stream().noneMatch(r -> r.startsWith("inode:"))
                            && add.stream().noneMatch(r -> r.startsWith("inode:"))) {
                        w.add("unknown:inode");
                    }
                }
                default -> w.add("unknown:world." + c.getName());
            }
        }
        return new Changes(w, add);
    }

    /** The world with its logs in a canonical order: steps that commute may log in either order. */
    static World unordered(World w) {
        Comparator<Object> byText = Comparator.comparing(Object::toString);
        WorldParts parts = WorldParts.WORLD;
        Object[] values = new Object[parts.count()];
        for (int i = 0; i < values.length; i++) {
            values[i] = parts.get(w, i);
            if (parts.names().get(i).equals("incidents") || parts.names().get(i).equals("results")) {
                values[i] = ((List<?>) values[i]).stream().sorted(byText).toList();
            }
        }
        return parts.make(values);
    }

    private static <K extends Comparable<K>> SortedSet<K> keys(Map<K, ?> a, Map<K, ?> b) {
        SortedSet<K> out = new TreeSet<>(a.keySet());
        out.addAll(b.keySet());
        return out;
    }

    private static void page(String id, Page x, Page y, Set<String> w, Set<String> add) {
        if (Objects.equals(x, y)) {
            return;
        }
        if (x == null || y == null) {
            w.add(Resources.pageLife(id));
            w.add(Resources.pageData(id));
            w.add(Resources.pagePins(id));
            w.add(Resources.pageFlags(id));
            return;
        }
        if (x.pins() != y.pins()
                && Objects.equals(x.exclusiveHolder(), y.exclusiveHolder())
                && (x.writeProtected() == y.writeProtected() || y.writeProtected())) {
            add.add(Resources.pagePins(id)); // counting pins up or down (and write-protecting) commutes
        }
        for (RecordComponent c : Page.class.getRecordComponents()) {
            if (Objects.equals(get(c, x), get(c, y))
                    || add.contains(Resources.pagePins(id))
                            && List.of("pins", "writeProtected").contains(c.getName())) {
                continue;
            }
            w.add(
                    switch (c.getName()) {
                        case "bytes" -> Resources.pageData(id);
                        case "pins", "writeProtected", "exclusiveHolder" -> Resources.pagePins(id);
                        case "flags" -> Resources.pageFlags(id);
                        case "freed", "kind", "block", "id" -> Resources.pageLife(id);
                        default -> "unknown:page." + c.getName();
                    });
        }
    }

    private static void device(String id, Device x, Device y, Set<String> w, Set<String> add) {
        if (x == null || y == null) {
            w.add("unknown:device " + id + " appeared or vanished");
            return;
        }
        for (RecordComponent c : Device.class.getRecordComponents()) {
            if (Objects.equals(get(c, x), get(c, y))) {
                continue;
            }
            switch (c.getName()) {
                case "blocks" ->
                    keys(x.blocks(), y.blocks()).forEach(k -> {
                        if (!Objects.equals(x.blocks().get(k), y.blocks().get(k))) {
                            w.add(Resources.block(id, k));
                        }
                    });
                case "queue" -> {
                    List<String> q = x.queue();
                    List<String> r = y.queue();
                    if (r.size() == q.size() + 1 && r.subList(0, q.size()).equals(q)) {
                        w.add(Resources.queueTail(id));
                    } else if (q.size() == r.size() + 1
                            && q.subList(1, q.size()).equals(r)) {
                        w.add(Resources.queueHead(id));
                    } else {
                        w.add(Resources.queueHead(id));
                        w.add(Resources.queueTail(id));
                    }
                }
                case "corruptionErrs" -> {
                    if (y.corruptionErrs() > x.corruptionErrs()) {
                        add.add(Resources.devStats(id)); // counting up commutes
                    } else {
                        w.add(Resources.devStats(id));
                    }
                }
                default -> w.add("unknown:device." + c.getName());
            }
        }
    }

    private static void rwsem(RwSem x, RwSem y, Set<String> w) {
        if (!x.readers().equals(y.readers()) || !Objects.equals(x.writer(), y.writer())) {
            w.add(Resources.LOCK_HOLDERS);
        }
        List<LockWaiter> q = x.queue();
        List<LockWaiter> r = y.queue();
        if (q.equals(r)) {
            return;
        }
        if (r.size() == q.size() + 1 && r.subList(0, q.size()).equals(q)) {
            w.add(Resources.LOCK_TAIL);
        } else if (q.size() == r.size() + 1 && q.subList(1, q.size()).equals(r)) {
            w.add(Resources.LOCK_HEAD);
        } else {
            w.add(Resources.LOCK_HEAD);
            w.add(Resources.LOCK_TAIL);
        }
    }

    private static void log(List<?> a, List<?> b, String name, Set<String> w, Set<String> add) {
        if (b.size() > a.size() && b.subList(0, a.size()).equals(a)) {
            add.add(name);
        } else {
            w.add(name);
        }
    }

    private static Object get(RecordComponent c, Object o) {
        try {
            return c.getAccessor().invoke(o);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }
}
