package org.diolab.engine.explore;

import java.util.ArrayList;
import java.util.List;
import org.diolab.engine.ActorStatus;
import org.diolab.engine.SimState;
import org.diolab.engine.Simulator;

/**
 * Partial-order reduction by persistent sets (Godefroid; built as stubborn sets, Valmari): in each state, step only a
 * set of ready actors such that nothing the other actors can ever do interferes with their steps, so every order the
 * search skips is a reordering of one it keeps, with the same end.
 *
 * <p>Starting from one ready actor, the set grows until it is closed: for a ready member, every actor whose future
 * steps may conflict with the member's next step joins (they could not be postponed past it); for a waiting member,
 * every actor whose future steps may change what it waits on joins (nobody outside may wake it). The smallest set so
 * built, trying each ready actor as the start, is used, unless it contains a step that may change what a healing
 * invariant reads (see {@link InvariantFootprints}): then every ready actor steps, so no breach is skipped over.
 *
 * <p>What this keeps: every end state (finished or deadlocked) is still reached, by a reordering of the same steps,
 * so deadlocks, their cycles and their shortest schedules are found as without reduction; every invariant broken in
 * some run is still found broken. What it does not keep: the first schedule found for an invariant may be longer than
 * the shortest, since steps that do not matter may run first; {@link Shortest} recovers the shortest one.
 */
final class PersistentSets {
    private final Resources res = new Resources();
    private final ActorFootprints footprints;
    private final Footprint healing;
    private final int n;

    PersistentSets(Simulator sim) {
        this.footprints = new ActorFootprints(sim, res);
        this.healing = InvariantFootprints.healing(res, footprints.instrs().facts());
        this.n = sim.actors().size();
    }

    /** What invariant {@code id} reads, if it may heal. */
    Footprint invariantReads(String id) {
        return InvariantFootprints.reads(id, res, footprints.instrs().facts());
    }

    Resources resources() {
        return res;
    }

    Footprint healing() {
        return healing;
    }

    ActorFootprints footprints() {
        return footprints;
    }

    /**
     * The actors to step in {@code s}, in actor order, given each actor's status; all the ready ones when no smaller
     * persistent set exists.
     */
    boolean[] ample(SimState s, List<ActorStatus> status) {
        boolean[] ready = new boolean[n];
        int readyCount = 0;
        for (int a = 0; a < n; a++) {
            ready[a] = status.get(a) instanceof ActorStatus.Ready;
            readyCount += ready[a] ? 1 : 0;
        }
        if (readyCount <= 1) {
            return ready;
        }
        Footprint[] next = new Footprint[n];
        // a set holding a ready actor whose step may change what a healing invariant reads is never used, and every
        // set holds its seed: so only invisible seeds are tried, and with none the answer is every ready actor
        // (found before the futures are built: most states of a lesson that breaks an invariant end here)
        boolean[] visible = new boolean[n];
        boolean anyInvisible = false;
        for (int a = 0; a < n; a++) {
            if (ready[a]) {
                next[a] = footprints.next(s, a);
                visible[a] = next[a].changesAnyReadBy(healing);
                anyInvisible |= !visible[a];
            }
        }
        if (!anyInvisible) {
            return ready;
        }
        Footprint[] guard = new Footprint[n];
        List<ActorFootprints.Part> parts = new ArrayList<>(2 * n);
        for (int a = 0; a < n; a++) {
            List<ActorFootprints.Part> own = footprints.future(s, a);
            parts.addAll(own);
            if (!ready[a] && ownsWork(own, a)) {
                guard[a] = footprints.guard(s, a);
            }
        }
        // who must join a set holding t: computed once per actor, shared by every seed's closure
        long[][] joins = new long[n][];
        boolean[] best = ready;
        int bestSize = readyCount;
        for (int seed = 0; seed < n && bestSize > 1; seed++) {
            if (!ready[seed] || visible[seed]) {
                continue;
            }
            long[] set = closure(seed, ready, next, guard, parts, joins);
            int size = 0;
            boolean anyVisible = false;
            for (int a = 0; a < n; a++) {
                if (has(set, a) && ready[a]) {
                    size++;
                    anyVisible |= visible[a];
                }
            }
            if (size < bestSize && !anyVisible) {
                best = new boolean[n];
                for (int a = 0; a < n; a++) {
                    best[a] = has(set, a) && ready[a];
                }
                bestSize = size;
            }
        }
        return best;
    }

    /** Whether an actor that cannot step now has steps of its own left. */
    private static boolean ownsWork(List<ActorFootprints.Part> parts, int actor) {
        for (ActorFootprints.Part p : parts) {
            if (p.actor() == actor && !p.footprint().isEmpty()) {
                return true;
            }
        }
        return false;
    }

    private long[] closure(
            int seed,
            boolean[] ready,
            Footprint[] next,
            Footprint[] guard,
            List<ActorFootprints.Part> parts,
            long[][] joins) {
        long[] in = new long[(n + 63) / 64];
        int[] work = new int[n];
        int top = 0;
        set(in, seed);
        work[top++] = seed;
        while (top > 0) {
            int t = work[--top];
            if (!ready[t] && guard[t] == null) {
                continue; // nothing left to do, now or ever
            }
            if (joins[t] == null) {
                joins[t] = joins(t, ready, next, guard, parts);
            }
            long[] j = joins[t];
            for (int w = 0; w < j.length; w++) {
                long fresh = j[w] & ~in[w];
                in[w] |= fresh;
                while (fresh != 0) {
                    int u = w * 64 + Long.numberOfTrailingZeros(fresh);
                    fresh &= fresh - 1;
                    work[top++] = u;
                }
            }
        }
        return in;
    }

    /**
     * The actors some part of whose future conflicts with {@code t}'s next step (if ready), or may change what it
     * waits on (if not): they could not be postponed past it.
     */
    private long[] joins(
            int t, boolean[] ready, Footprint[] next, Footprint[] guard, List<ActorFootprints.Part> parts) {
        long[] out = new long[(n + 63) / 64];
        for (ActorFootprints.Part p : parts) {
            int u = p.actor();
            if (has(out, u)) {
                continue;
            }
            boolean joins =
                    ready[t] ? p.footprint().conflicts(next[t]) : p.footprint().changesAnyReadBy(guard[t]);
            if (joins) {
                set(out, u);
            }
        }
        return out;
    }

    private static boolean has(long[] bits, int i) {
        return (bits[i >>> 6] & (1L << i)) != 0;
    }

    private static void set(long[] bits, int i) {
        bits[i >>> 6] |= 1L << i;
    }
}
