package org.diolab.engine;

/** An invariant that became violated at a step of a trace. */
public record ViolationAt(String invariant, int step, String detail) {}
