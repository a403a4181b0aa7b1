package org.diolab.app;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/** Background work the test finishes by hand, in any order: to drive view models through late and stale results. */
final class ManualWork implements BackgroundWork {
    record Submitted(Consumer<Object> done, Consumer<Throwable> failed, BiConsumer<Double, String> progress) {
    }

    final List<Submitted> submitted = new ArrayList<>();

    @Override
    @SuppressWarnings("unchecked")
    public <T> Job submit(String name, Task<T> task, Consumer<T> done, Consumer<Throwable> failed,
                          BiConsumer<Double, String> progress) {
        submitted.add(new Submitted((Consumer<Object>) done, failed, progress));
        return new Job() {
            @Override
            public void cancel() {
            }

            @Override
            public boolean cancelled() {
                return false;
            }
        };
    }

    Submitted last() {
        return submitted.getLast();
    }
}
