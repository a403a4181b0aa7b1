package org.diolab.engine.model;

/** An actor queued on i_rwsem, and the mode it asked for. */
public record LockWaiter(String actor, LockMode mode) {}
