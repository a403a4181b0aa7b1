package org.diolab.engine.model;

/**
 * What a system call returned to its thread: {@code ok}, {@code EIO} (checksum failure) or {@code EAGAIN} (NOWAIT
 * could not be honoured), with the bytes a read delivered.
 */
public record IoResult(String actor, String op, String outcome, String detail) {}
