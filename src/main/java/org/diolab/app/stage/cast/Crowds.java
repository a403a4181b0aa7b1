package org.diolab.app.stage.cast;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.IntFunction;
import java.util.function.Predicate;
import org.diolab.engine.Snapshot;
import org.diolab.engine.model.Page;
import org.diolab.engine.model.Ref;

/**
 * Which objects the stage draws as a crowd: past {@link #MIN} objects of one kind in one place (pages of a column,
 * blocks of a device, rows of the checksum table), those that are not leads are drawn as the cells of one compact grid
 * instead of a card or row each. A lead is an object some step changes on its own, with at most {@link #LEAD_MAX}
 * others of its kind, or one an invariant names: the page T2 stores into, the block the legs disagree on. An object
 * that only ever changes together with hundreds of others (the pages of one large write) is the crowd. Below the
 * threshold nothing is crowded, so small lessons look as they always did.
 */
public final class Crowds {
    /** Fewer non-lead objects than this in one place stay cards. */
    static final int MIN = 16;
    /** A step changing at most this many objects of one kind makes each of them a lead. */
    static final int LEAD_MAX = 3;

    private Crowds() {}

    /** The objects {@code s} changes with few others of their kind (pages; blocks per device; checksum rows). */
    static Set<Ref> leadsOf(Snapshot s) {
        Map<String, List<Ref>> byKind = new HashMap<>();
        for (Ref r : s.changed()) {
            String kind = switch (r) {
                case Ref.Page p -> "page";
                case Ref.Block b -> "block:" + b.device();
                case Ref.Csum c -> "csum";
                default -> null;
            };
            if (kind != null) {
                byKind.computeIfAbsent(kind, k -> new ArrayList<>()).add(r);
            }
        }
        Set<Ref> out = new HashSet<>();
        byKind.values().forEach(list -> {
            if (list.size() <= LEAD_MAX) {
                out.addAll(list);
            }
        });
        return out;
    }

    /** The items of one place drawn as a crowd: the non-leads, if there are at least {@link #MIN}; else none. */
    static <T> List<T> crowd(List<T> items, Predicate<T> lead) {
        List<T> rest = items.stream().filter(lead.negate()).toList();
        return rest.size() >= MIN ? rest : List.of();
    }

    /** The crowded pages of the cast, by column, in the cast's order. */
    public static Map<Column, List<CastMember>> pages(StageCast cast) {
        Map<Column, List<CastMember>> out = new LinkedHashMap<>();
        for (Column c : Column.values()) {
            List<CastMember> pages = cast.in(c).stream()
                    .filter(m -> m.values().getFirst() instanceof Page)
                    .toList();
            List<CastMember> crowd = crowd(
                    pages, m -> cast.leads().contains(m.ref()) || !m.marks().isEmpty());
            if (!crowd.isEmpty()) {
                // P2 before P10, as a reader counts (the world keeps its pages sorted as strings).
                out.put(
                        c,
                        crowd.stream()
                                .sorted(Comparator.comparing(m -> m.ref().toString(), Crowds::natural))
                                .toList());
            }
        }
        return out;
    }

    /** The blocks (or checksum rows) of one card drawn as a crowd, given the refs that name them. */
    public static Set<Integer> numbers(StageCast cast, List<Integer> numbers, IntFunction<Ref> ref) {
        return Set.copyOf(crowd(numbers, n -> cast.leads().contains(ref.apply(n))));
    }

    /** Compares names as a reader counts: runs of digits by their value ("P2" before "P10"). */
    static int natural(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            char x = a.charAt(i);
            char y = b.charAt(j);
            if (Character.isDigit(x) && Character.isDigit(y)) {
                int ei = digitsEnd(a, i);
                int ej = digitsEnd(b, j);
                java.math.BigInteger u = new java.math.BigInteger(a.substring(i, ei));
                int c = u.compareTo(new java.math.BigInteger(b.substring(j, ej)));
                if (c != 0) {
                    return c;
                }
                i = ei;
                j = ej;
            } else if (x != y) {
                return Character.compare(x, y);
            } else {
                i++;
                j++;
            }
        }
        return Integer.compare(a.length() - i, b.length() - j);
    }

    private static int digitsEnd(String s, int from) {
        int e = from;
        while (e < s.length() && Character.isDigit(s.charAt(e))) {
            e++;
        }
        return e;
    }

    /** "1,024" (grouped, so a big count reads at a glance). */
    public static String count(int n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    /** A caption for {@code n} items named from {@code first} to {@code last}: "1,024 user pages · P0 … P1023". */
    public static String caption(int n, String kind, String first, String last) {
        return count(n) + " " + kind + (n == 1 ? "" : "s") + " · " + first + " … " + last;
    }
}
