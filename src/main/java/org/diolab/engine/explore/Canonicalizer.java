package org.diolab.engine.explore;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Picks, for a state key of {@link SimStateStore}, one state of its symmetry family (see {@link Symmetry}) and
 * rewrites the key into it: the units of each group are sorted by a signature (a hash of everything the state says
 * about the unit, with its own names written as "me" and every other unit's as "another"), and renamed into that
 * order. Symmetric states give their units the same signatures, so they sort alike and meet in one key. Two units
 * of equal signature keep their order: the state picked is then one of the family, not always the same one, which
 * costs a state, never a finding (the key is still a real state of the family, compared whole).
 *
 * <p>Everything is done on interned component numbers and remembered: a component's signatures and the units it
 * mentions once per component, its renaming once per component and permutation; a component that mentions only
 * units the permutation leaves in place is not renamed at all. A component the renamer cannot see into leaves the
 * state as it is (permutation identity): correct, just not merged.
 */
final class Canonicalizer {
    private final Symmetry sym;
    private final Interner[] interners;
    private final int units;
    private final long identity;
    /** Position in the key of each unit's thread's program counter. */
    private final int[] pcSlot;
    /** Per unit: its names as "me", other units' as "another" of their group. */
    private final NameMap[] abstraction;
    /** Per unit: its names, for telling which units a component mentions. */
    private final NameMap[] own;

    private final Part[] parts;
    /** Permutations seen, numbered: the renaming memo's keys are exact (number, component) pairs. */
    private final Map<Long, Integer> permNumbers = new HashMap<>();

    private final long[] signature;
    private final int[] order;
    /** The key as it came in, while {@link #canonicalize} rewrites it (one array, not a copy per successor). */
    private int[] keyIn = new int[0];
    /** What records and maps hash to per unit, mention per unit, and become per permutation, by identity. */
    private final IdentityMemo hashes = new IdentityMemo();

    private final IdentityMemo mentioned = new IdentityMemo();
    private final IdentityMemo renamings = new IdentityMemo();
    /** The permutation {@link #rename} was last asked for, its number and its names: a state's parts share one. */
    private long lastPerm = -1;

    private int lastPermNumber;
    private NameMap lastNames;

    /** What is known of one component's values, by number. */
    private static final class Part {
        final List<long[]> sigs = new ArrayList<>();
        /** Bit u set: the value mentions unit u; -1: the renamer cannot see into it. */
        final IntList mentions = new IntList();

        final LongIntMap renamed = new LongIntMap();
    }

    Canonicalizer(Symmetry sym, Interner[] interners, List<String> threads) {
        this.sym = sym;
        this.interners = interners;
        this.units = sym.units();
        this.identity = Symmetry.identity(units);
        this.pcSlot = new int[units];
        this.abstraction = new NameMap[units];
        this.own = new NameMap[units];
        for (int u = 0; u < units; u++) {
            pcSlot[u] = interners.length + threads.indexOf(sym.names(u).getFirst());
            Map<String, String> to = new HashMap<>();
            Map<String, String> mine = new HashMap<>();
            for (int v = 0; v < units; v++) {
                List<String> names = sym.names(v);
                for (int k = 0; k < names.size(); k++) {
                    to.put(names.get(k), (v == u ? "\u0001me" : "\u0001another" + sym.groupStart(v)) + "." + k);
                    if (v == u) {
                        mine.put(names.get(k), "\u0001");
                    }
                }
            }
            abstraction[u] = new NameMap(to);
            own[u] = new NameMap(mine);
        }
        this.parts = new Part[interners.length];
        for (int i = 0; i < parts.length; i++) {
            parts[i] = new Part();
        }
        this.signature = new long[units];
        this.order = new int[units];
    }

    /** Rewrites {@code key} into its family's chosen state; returns the permutation applied. */
    long canonicalize(int[] key) {
        if (keyIn.length != key.length) {
            keyIn = new int[key.length];
        }
        for (int u = 0; u < units; u++) {
            signature[u] = ModelRenamer.mix(key[pcSlot[u]] + 0x5EEDL);
        }
        for (int i = 0; i < parts.length; i++) {
            if (!known(i, key[i])) {
                return identity;
            }
            if (parts[i].mentions.get(key[i]) == 0) {
                continue;
            }
            long[] s = parts[i].sigs.get(key[i]);
            for (int u = 0; u < units; u++) {
                signature[u] = signature[u] * 0x100000001B3L + s[u];
            }
        }
        long perm = sortedOrder();
        if (perm == identity) {
            return identity;
        }
        int moved = 0;
        for (int u = 0; u < units; u++) {
            if (Symmetry.image(perm, u) != u) {
                moved |= 1 << u;
            }
        }
        int[] before = keyIn;
        System.arraycopy(key, 0, before, 0, key.length);
        for (int i = 0; i < parts.length; i++) {
            if ((parts[i].mentions.get(before[i]) & moved) == 0) {
                continue; // it names no unit that moves
            }
            int to = rename(i, before[i], perm);
            if (LongIntMap.missing(to)) {
                System.arraycopy(before, 0, key, 0, key.length);
                return identity;
            }
            key[i] = to;
        }
        for (int u = 0; u < units; u++) {
            key[pcSlot[Symmetry.image(perm, u)]] = before[pcSlot[u]];
        }
        return perm;
    }

    /** The permutation sending the r-th smallest signature of each group to the group's r-th unit. */
    private long sortedOrder() {
        long perm = 0;
        for (int start = 0; start < units; start = sym.groupEnd(start)) {
            int end = sym.groupEnd(start);
            for (int u = start; u < end; u++) {
                int x = u;
                int j = u;
                while (j > start && signature[order[j - 1]] > signature[x]) { // stable: equal ones keep their order
                    order[j] = order[j - 1];
                    j--;
                }
                order[j] = x;
            }
            for (int r = start; r < end; r++) {
                perm |= (long) r << (4 * order[r]);
            }
        }
        return perm;
    }

    /** Computes what is known of component {@code part}'s value {@code id}; false if the renamer cannot see in. */
    private boolean known(int part, int id) {
        Part p = parts[part];
        while (p.mentions.size() <= id) {
            p.mentions.add(0);
            p.sigs.add(null);
        }
        int m = p.mentions.get(id);
        if (m == -1) {
            return false;
        }
        if (p.sigs.get(id) != null) {
            return true;
        }
        Object v = interners[part].get(id);
        long[] s = new long[units];
        m = 0;
        try {
            for (int u = 0; u < units; u++) {
                s[u] = ModelRenamer.hash(v, abstraction[u], hashes, u);
                if (ModelRenamer.mentions(v, own[u], mentioned, u)) {
                    m |= 1 << u;
                }
            }
        } catch (ModelRenamer.Unrenamable e) {
            p.mentions.set(id, -1);
            return false;
        }
        p.mentions.set(id, m);
        p.sigs.set(id, s);
        return true;
    }

    private int rename(int part, int id, long perm) {
        Part p = parts[part];
        if (perm != lastPerm) {
            Integer number = permNumbers.get(perm);
            if (number == null) {
                number = permNumbers.size();
                permNumbers.put(perm, number);
            }
            lastPerm = perm;
            lastPermNumber = number;
            lastNames = sym.names(perm);
        }
        long k = ((long) lastPermNumber << 32) | (id & 0xFFFFFFFFL);
        int known = p.renamed.get(k);
        if (!LongIntMap.missing(known)) {
            return known;
        }
        Object v = interners[part].get(id);
        Object r;
        try {
            r = ModelRenamer.rename(v, lastNames, renamings, lastPermNumber);
        } catch (ModelRenamer.Unrenamable e) {
            return known; // missing
        }
        int to = r == v ? id : interners[part].intern(r);
        p.renamed.put(k, to);
        return to;
    }
}
