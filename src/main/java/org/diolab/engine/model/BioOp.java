package org.diolab.engine.model;

/** The direction of a bio: memory to device or device to memory. */
public enum BioOp {
    READ,
    WRITE
}
