/**
 * The I/O engines, as fio's engines/ are: each one small ops table ({@link org.diolab.live.engine.IoEngine}: queue,
 * commit, getevents, event) over one of the native layer's bindings: psync and pvsync2 (one positional call per
 * I/O, mirror legs on helper threads), libaio ({@code io_submit/io_getevents}) and io_uring (the mapped SQ and CQ
 * rings, {@code io_uring_enter}, fixed buffers). A worker of the live engine drives any of them with one loop;
 * {@link org.diolab.live.engine.EngineCheck} refuses an engine the kernel does not give before a job starts.
 */
package org.diolab.live.engine;
