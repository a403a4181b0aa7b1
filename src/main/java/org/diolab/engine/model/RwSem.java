package org.diolab.engine.model;

import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;

/**
 * The inode's i_rwsem, with a FIFO of waiters. Fair like the kernel's: once a writer waits, later readers queue
 * behind it — which is what turns sync shared readers plus one writer into the lock convoy of S002.
 */
public record RwSem(SortedSet<String> readers, @Nullable String writer, List<LockWaiter> queue) {
    public RwSem {
        readers = Sorted.copyOfSet(readers);
        queue = List.copyOf(queue);
    }

    public static RwSem free() {
        return new RwSem(new TreeSet<>(), null, List.of());
    }

    public RwSem request(String actor, LockMode mode) {
        List<LockWaiter> q = new ArrayList<>(queue);
        q.add(new LockWaiter(actor, mode));
        return new RwSem(readers, writer, q);
    }

    /** Whether {@code actor}, queued, may take the lock now: first in line and compatible with the holders. */
    public boolean grantable(String actor) {
        if (queue.isEmpty() || !queue.getFirst().actor().equals(actor)) {
            return false;
        }
        return switch (queue.getFirst().mode()) {
            case SHARED -> writer == null;
            case EXCLUSIVE -> writer == null && readers.isEmpty();
        };
    }

    /** Who {@code actor} waits for: the holders if it is first in line, else everybody queued ahead of it. */
    public List<String> blockers(String actor) {
        List<String> out = new ArrayList<>();
        for (LockWaiter w : queue) {
            if (w.actor().equals(actor)) {
                break;
            }
            out.add(w.actor());
        }
        if (out.isEmpty()) {
            if (writer != null) {
                out.add(writer);
            }
            out.addAll(readers);
        }
        return out;
    }

    public RwSem grant(String actor) {
        LockWaiter w = queue.getFirst();
        SortedSet<String> r = new TreeSet<>(readers);
        @Nullable String wr = writer;
        if (w.mode() == LockMode.SHARED) {
            r.add(actor);
        } else {
            wr = actor;
        }
        return new RwSem(r, wr, queue.subList(1, queue.size()));
    }

    public RwSem release(String actor) {
        SortedSet<String> r = new TreeSet<>(readers);
        r.remove(actor);
        return new RwSem(r, actor.equals(writer) ? null : writer, queue);
    }

    public boolean holds(String actor) {
        return actor.equals(writer) || readers.contains(actor);
    }

    public String describe() {
        String held = writer != null
                ? "held exclusive by " + writer
                : readers.isEmpty() ? "free" : "held shared by " + String.join(", ", readers);
        return queue.isEmpty()
                ? held
                : held + "; waiting: "
                        + String.join(
                                ", ",
                                queue.stream()
                                        .map(w -> w.actor() + " (" + w.mode().label() + ")")
                                        .toList());
    }
}
