package org.diolab.engine.model;

import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.SortedSet;

/**
 * An immutable sorted set on one sorted array, with its hash remembered: {@link FrozenSortedMap}'s counterpart for
 * the model's small sets (marks, the values a block has held). Natural order, as in a TreeSet.
 */
final class FrozenSortedSet<E extends Comparable<E>> extends AbstractSet<E> implements SortedSet<E> {
    static final FrozenSortedSet<?> EMPTY = new FrozenSortedSet<>(new Object[0]);

    private final Object[] items;
    private int hash;
    private boolean hashed;

    private FrozenSortedSet(Object[] items) {
        this.items = items;
    }

    @SuppressWarnings("unchecked")
    static <E extends Comparable<E>> FrozenSortedSet<E> copyOf(Collection<E> c) {
        if (c instanceof FrozenSortedSet<E> f) {
            return f;
        }
        if (c.isEmpty()) {
            return (FrozenSortedSet<E>) EMPTY;
        }
        Object[] a = c.toArray();
        if (!(c instanceof SortedSet<E> s && s.comparator() == null)) {
            Arrays.sort(a);
            int n = 0;
            for (int i = 0; i < a.length; i++) {
                java.util.Objects.requireNonNull(a[i], "element");
                if (n == 0 || ((E) a[n - 1]).compareTo((E) a[i]) != 0) {
                    a[n++] = a[i];
                }
            }
            a = Arrays.copyOf(a, n);
        }
        return new FrozenSortedSet<>(a);
    }

    FrozenSortedSet<E> with(E e) {
        int i = indexOf(e);
        if (i >= 0) {
            return this;
        }
        int at = -1 - i;
        Object[] out = new Object[items.length + 1];
        System.arraycopy(items, 0, out, 0, at);
        out[at] = e;
        System.arraycopy(items, at, out, at + 1, items.length - at);
        return new FrozenSortedSet<>(out);
    }

    FrozenSortedSet<E> without(E e) {
        int i = indexOf(e);
        if (i < 0) {
            return this;
        }
        Object[] out = new Object[items.length - 1];
        System.arraycopy(items, 0, out, 0, i);
        System.arraycopy(items, i + 1, out, i, items.length - i - 1);
        return new FrozenSortedSet<>(out);
    }

    @SuppressWarnings("unchecked")
    private int indexOf(Object e) {
        int lo = 0;
        int hi = items.length - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int c = ((E) items[mid]).compareTo((E) e);
            if (c < 0) {
                lo = mid + 1;
            } else if (c > 0) {
                hi = mid - 1;
            } else {
                return mid;
            }
        }
        return -1 - lo;
    }

    @Override
    public boolean contains(Object o) {
        return o != null && indexOf(o) >= 0;
    }

    @Override
    public int size() {
        return items.length;
    }

    @Override
    public Iterator<E> iterator() {
        return new Iterator<>() {
            private int i;

            @Override
            public boolean hasNext() {
                return i < items.length;
            }

            @Override
            @SuppressWarnings("unchecked")
            public E next() {
                if (i >= items.length) {
                    throw new NoSuchElementException();
                }
                return (E) items[i++];
            }
        };
    }

    @Override
    public Comparator<? super E> comparator() {
        return null;
    }

    @Override
    public SortedSet<E> subSet(E from, E to) {
        return slice(bound(from), bound(to));
    }

    @Override
    public SortedSet<E> headSet(E to) {
        return slice(0, bound(to));
    }

    @Override
    public SortedSet<E> tailSet(E from) {
        return slice(bound(from), items.length);
    }

    @Override
    @SuppressWarnings("unchecked")
    public E first() {
        if (items.length == 0) {
            throw new NoSuchElementException();
        }
        return (E) items[0];
    }

    @Override
    @SuppressWarnings("unchecked")
    public E last() {
        if (items.length == 0) {
            throw new NoSuchElementException();
        }
        return (E) items[items.length - 1];
    }

    @Override
    public int hashCode() {
        if (!hashed) {
            int h = 0;
            for (Object o : items) {
                h += o.hashCode();
            }
            hash = h;
            hashed = true;
        }
        return hash;
    }

    @Override
    public boolean equals(Object o) {
        if (o == this) {
            return true;
        }
        if (o instanceof FrozenSortedSet<?> f) {
            return f.items.length == items.length && f.hashCode() == hashCode() && Arrays.equals(f.items, items);
        }
        return super.equals(o);
    }

    private int bound(E e) {
        int i = indexOf(e);
        return i >= 0 ? i : -1 - i;
    }

    private SortedSet<E> slice(int from, int to) {
        if (from > to) {
            throw new IllegalArgumentException("from > to");
        }
        return new FrozenSortedSet<>(Arrays.copyOfRange(items, from, to));
    }
}
