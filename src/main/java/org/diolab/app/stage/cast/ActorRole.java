package org.diolab.app.stage.cast;

/** What kind of actor a lane is: a thread running a program, a device's DMA engine, or a kernel worker. */
public enum ActorRole {
    THREAD,
    DEVICE,
    WORKER
}
