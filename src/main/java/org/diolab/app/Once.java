package org.diolab.app;

import java.util.function.Supplier;

/** What {@code make} makes, made once, when first asked for: a part of the window the start does not need. FX thread. */
final class Once<T> implements Supplier<T> {
    private final Supplier<T> make;
    private T made;

    Once(Supplier<T> make) {
        this.make = make;
    }

    @Override
    public T get() {
        if (made == null) {
            made = make.get();
        }
        return made;
    }

    /** True once it was asked for (and made). */
    boolean made() {
        return made != null;
    }
}
