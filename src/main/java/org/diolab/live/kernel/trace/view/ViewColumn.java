package org.diolab.live.kernel.trace.view;

import org.diolab.live.kernel.trace.meaning.Column;

/** A column of the picture, left to right: a lab thread, a loop device, a kernel thread, or the kernel log. */
public record ViewColumn(int index, Column.Kind kind, String id, String label) {}
