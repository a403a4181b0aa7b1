package org.diolab.engine.model;

/** Life of a bio: built on its bvecs, handed to the block layer, completed by the device. */
public enum BioState {
    BUILT,
    SUBMITTED,
    DONE
}
