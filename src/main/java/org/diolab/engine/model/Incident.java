package org.diolab.engine.model;

import java.util.Collections;
import java.util.SortedSet;
import java.util.TreeSet;

/** Something that happened which an invariant forbids, with the objects involved. */
public record Incident(IncidentKind kind, String detail, SortedSet<Ref> refs) {
    public Incident {
        refs = Collections.unmodifiableSortedSet(new TreeSet<>(refs));
    }

    public Incident(IncidentKind kind, String detail, java.util.Collection<Ref> refs) {
        this(kind, detail, new TreeSet<>(refs));
    }
}
