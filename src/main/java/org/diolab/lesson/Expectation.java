package org.diolab.lesson;

import java.util.Collections;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/** The invariants a lesson promises are violated under one policy (empty: the policy keeps them all). */
public record Expectation(SortedSet<String> violated) {
    public Expectation(Set<String> violated) {
        this(Collections.unmodifiableSortedSet(new TreeSet<>(violated)));
    }
}
