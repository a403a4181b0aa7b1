package org.diolab.engine.explore;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.function.UnaryOperator;
import org.diolab.engine.model.Volume;
import org.diolab.engine.op.Policy;

/**
 * Renames the names inside model values (records, sorted maps and sets, lists, strings), and hashes them with names
 * abstracted, generically: a component added to a model record is renamed without anyone listing it here. What the
 * symmetry reduction maps a state to its twin with; FootprintAuditTest's sibling, SymmetryAuditTest, checks that a
 * renamed state behaves as the twin does.
 *
 * <p>A value nothing in which changes is returned itself, so a renamed state shares every untouched component with
 * the original (and the store recognises them by identity). The volume is left alone: its legs are a set to every
 * step (writes clone to each, reads name theirs), and renaming would only reorder the list. A type this does not
 * know (neither record, collection, string, number, boolean nor enum) throws {@link Unrenamable}: the caller then
 * does not use symmetry for that state, which is always sound.
 */
final class ModelRenamer {
    private static final ClassValue<Shape> SHAPES = new ClassValue<>() {
        @Override
        protected Shape computeValue(Class<?> type) {
            return Shape.of(type);
        }
    };

    private ModelRenamer() {}

    /** A value the renamer cannot see into. */
    static final class Unrenamable extends RuntimeException {
        Unrenamable(String what) {
            super(what, null, false, false);
        }
    }

    /** {@code value} with every string passed through {@code names} (which returns its argument when unchanged). */
    static Object rename(Object value, UnaryOperator<String> names) {
        return rename(value, names, null, 0);
    }

    /**
     * As {@link #rename(Object, UnaryOperator)}, remembering in {@code memo} (when not null), under {@code tag}, what
     * each record, map and collection became: {@code tag} must say which renaming {@code names} is.
     */
    static Object rename(Object value, UnaryOperator<String> names, IdentityMemo memo, int tag) {
        if (memo == null || !compound(value)) {
            return renamed(value, names, memo, tag);
        }
        Object known = memo.value(value, tag);
        if (known == null) {
            known = renamed(value, names, memo, tag);
            memo.putValue(value, tag, known);
        }
        return known;
    }

    /** A value worth remembering a result for: one made of others. */
    private static boolean compound(Object value) {
        return value instanceof Record || value instanceof Collection<?> || value instanceof Map<?, ?>;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Object renamed(Object value, UnaryOperator<String> names, IdentityMemo memo, int tag) {
        return switch (value) {
            case null -> null;
            case String s -> names.apply(s);
            case Number n -> n;
            case Boolean b -> b;
            case Enum<?> e -> e;
            case Volume v -> v;
            case Policy p -> p;
            case SortedMap<?, ?> m -> {
                TreeMap out = new TreeMap();
                boolean changed = false;
                for (Map.Entry<?, ?> e : m.entrySet()) {
                    Object k = rename(e.getKey(), names, memo, tag);
                    Object v = rename(e.getValue(), names, memo, tag);
                    changed |= k != e.getKey() || v != e.getValue();
                    out.put(k, v);
                }
                yield changed ? org.diolab.engine.model.Sorted.copyOf(out) : m;
            }
            case SortedSet<?> s -> {
                List<Object> items = renamedItems(s, names, memo, tag);
                yield items == null ? s : org.diolab.engine.model.Sorted.copyOfSet((List) items);
            }
            case Set<?> s -> {
                if (s.stream().allMatch(x -> x instanceof Enum<?>)) {
                    yield s; // flags: nothing to rename
                }
                throw new Unrenamable(
                        "an unsorted set of " + s.iterator().next().getClass());
            }
            case List<?> l -> {
                List<Object> items = renamedItems(l, names, memo, tag);
                yield items == null ? l : List.copyOf(items);
            }
            case Record r -> SHAPES.get(r.getClass()).rename(r, names, memo, tag);
            default -> throw new Unrenamable(value.getClass().getName());
        };
    }

    /** The renamed items, or null when none changed. */
    private static List<Object> renamedItems(
            Collection<?> items, UnaryOperator<String> names, IdentityMemo memo, int tag) {
        List<Object> out = null;
        int i = 0;
        for (Object x : items) {
            Object y = rename(x, names, memo, tag);
            if (out == null && y != x) {
                out = new ArrayList<>(items.size());
                int j = 0;
                for (Object before : items) {
                    if (j++ == i) {
                        break;
                    }
                    out.add(before);
                }
            }
            if (out != null) {
                out.add(y);
            }
            i++;
        }
        return out;
    }

    /**
     * A hash of {@code value} with every string passed through {@code names} first, where maps and sets hash as
     * the sum of their entries, so that a naming that is not one to one (every other unit called the same) still
     * hashes a map without building it.
     */
    static long hash(Object value, UnaryOperator<String> names) {
        return hash(value, names, null, 0);
    }

    /** As {@link #hash(Object, UnaryOperator)}, remembered per record and collection as {@link #rename} does. */
    static long hash(Object value, UnaryOperator<String> names, IdentityMemo memo, int tag) {
        if (memo == null || !compound(value)) {
            return hashed(value, names, memo, tag);
        }
        if (memo.hasNumber(value, tag)) {
            return memo.number(value, tag);
        }
        long h = hashed(value, names, memo, tag);
        memo.putNumber(value, tag, h);
        return h;
    }

    private static long hashed(Object value, UnaryOperator<String> names, IdentityMemo memo, int tag) {
        return switch (value) {
            case null -> 0x51ED27L;
            case String s -> mix(names.apply(s).hashCode() * 0x9E3779B97F4A7C15L + 1);
            case Number n -> mix(n.longValue() * 0xC2B2AE3D27D4EB4FL + 2);
            case Boolean b -> b ? 0x7A1L : 0x7A2L;
            case Enum<?> e -> mix(e.getDeclaringClass().getName().hashCode() * 31L + e.ordinal() + 3);
            case Volume v -> mix(v.id().hashCode() * 31L + v.layout().ordinal() + (v.stableWrites() ? 4 : 5));
            case Policy p -> mix(p.id().hashCode() + 5L);
            case Map<?, ?> m -> {
                long h = 6;
                for (Map.Entry<?, ?> e : m.entrySet()) {
                    h += mix(hash(e.getKey(), names, memo, tag) * 31 + hash(e.getValue(), names, memo, tag));
                }
                yield mix(h);
            }
            case Set<?> s -> {
                long h = 7;
                for (Object x : s) {
                    h += hash(x, names, memo, tag);
                }
                yield mix(h);
            }
            case List<?> l -> {
                long h = 8;
                for (Object x : l) {
                    h = h * 0x100000001B3L + hash(x, names, memo, tag);
                }
                yield mix(h);
            }
            case Record r -> SHAPES.get(r.getClass()).hash(r, names, memo, tag);
            default -> throw new Unrenamable(value.getClass().getName());
        };
    }

    /** Whether some string in {@code value} holds a name of {@code names}. */
    static boolean mentions(Object value, NameMap names) {
        return mentions(value, names, null, 0);
    }

    /** As {@link #mentions(Object, NameMap)}, remembered per record and collection as {@link #rename} does. */
    static boolean mentions(Object value, NameMap names, IdentityMemo memo, int tag) {
        if (memo == null || !compound(value)) {
            return mentioned(value, names, memo, tag);
        }
        if (memo.hasNumber(value, tag)) {
            return memo.number(value, tag) != 0;
        }
        boolean m = mentioned(value, names, memo, tag);
        memo.putNumber(value, tag, m ? 1 : 0);
        return m;
    }

    private static boolean mentioned(Object value, NameMap names, IdentityMemo memo, int tag) {
        return switch (value) {
            case null -> false;
            case String s -> names.mentions(s);
            case Number n -> false;
            case Boolean b -> false;
            case Enum<?> e -> false;
            case Volume v -> false;
            case Policy p -> false;
            case Map<?, ?> m -> {
                for (Map.Entry<?, ?> e : m.entrySet()) {
                    if (mentions(e.getKey(), names, memo, tag) || mentions(e.getValue(), names, memo, tag)) {
                        yield true;
                    }
                }
                yield false;
            }
            case Collection<?> c -> {
                for (Object x : c) {
                    if (mentions(x, names, memo, tag)) {
                        yield true;
                    }
                }
                yield false;
            }
            case Record r -> SHAPES.get(r.getClass()).mentions(r, names, memo, tag);
            default -> throw new Unrenamable(value.getClass().getName());
        };
    }

    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** A record type's accessors and canonical constructor. */
    private record Shape(MethodHandle[] getters, MethodHandle constructor, long seed) {
        static Shape of(Class<?> type) {
            if (!type.isRecord()) {
                throw new Unrenamable(type.getName());
            }
            RecordComponent[] rc = type.getRecordComponents();
            MethodHandles.Lookup lookup = MethodHandles.publicLookup();
            MethodHandle[] getters = new MethodHandle[rc.length];
            Class<?>[] types = new Class<?>[rc.length];
            try {
                for (int i = 0; i < rc.length; i++) {
                    getters[i] = lookup.unreflect(rc[i].getAccessor())
                            .asType(MethodType.methodType(Object.class, Object.class));
                    types[i] = rc[i].getType();
                }
                MethodHandle c = lookup.findConstructor(type, MethodType.methodType(void.class, types))
                        .asSpreader(Object[].class, rc.length)
                        .asType(MethodType.methodType(Object.class, Object[].class));
                return new Shape(getters, c, type.getName().hashCode());
            } catch (ReflectiveOperationException | IllegalArgumentException e) {
                throw new Unrenamable(type.getName() + " (" + e.getMessage() + ")");
            }
        }

        Object rename(Object r, UnaryOperator<String> names, IdentityMemo memo, int tag) {
            Object[] parts = new Object[getters.length];
            boolean changed = false;
            for (int i = 0; i < parts.length; i++) {
                Object v = get(i, r);
                parts[i] = ModelRenamer.rename(v, names, memo, tag);
                changed |= parts[i] != v;
            }
            if (!changed) {
                return r;
            }
            try {
                return (Object) constructor.invokeExact(parts);
            } catch (RuntimeException | Error e) {
                throw e;
            } catch (Throwable t) {
                throw new IllegalStateException(t);
            }
        }

        boolean mentions(Object r, NameMap names, IdentityMemo memo, int tag) {
            for (int i = 0; i < getters.length; i++) {
                if (ModelRenamer.mentions(get(i, r), names, memo, tag)) {
                    return true;
                }
            }
            return false;
        }

        long hash(Object r, UnaryOperator<String> names, IdentityMemo memo, int tag) {
            long h = seed;
            for (int i = 0; i < getters.length; i++) {
                h = h * 0x100000001B3L + ModelRenamer.hash(get(i, r), names, memo, tag);
            }
            return mix(h);
        }

        private Object get(int i, Object r) {
            try {
                return (Object) getters[i].invokeExact(r);
            } catch (RuntimeException | Error e) {
                throw e;
            } catch (Throwable t) {
                throw new IllegalStateException(t);
            }
        }
    }
}
