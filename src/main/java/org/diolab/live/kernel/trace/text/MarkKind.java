package org.diolab.live.kernel.trace.text;

import java.util.Optional;

/** What a lab thread's trace_marker line says it did; the word after {@code dio-lab} on the line. */
public enum MarkKind {
    /** A thread names its role ({@code role=reader}, {@code role=scribbler}): the first line it writes. */
    THREAD("thread"),
    /** A phase of the scenario starts ({@code name=race}, {@code name=control-quiet}). */
    PHASE("phase"),
    /** A read is about to be made: {@code off=}, {@code len=}, {@code file=} (the lab's tag for the file). */
    READ_BEGIN("read-begin"),
    /** That read returned {@code ret=} (bytes, or a negative errno: -5 EIO, -11 EAGAIN). */
    READ_END("read-end"),
    WRITE_BEGIN("write-begin"),
    WRITE_END("write-end"),
    /** The scribbler starts rewriting the whole buffer with {@code byte=}; seq is the pass. */
    STORE_BEGIN("store-begin"),
    /** It has rewritten it: between the two, the buffer holds parts of two versions. */
    STORE_END("store-end"),
    /** A finding written after the fact ({@code what=legs-differ off=...}), e.g. from comparing RAID1 legs. */
    NOTE("note"),
    /** The instant a line was also written to /dev/kmsg, to check both clocks agree ({@code id=}). */
    CLOCK("clock"),
    /** The recorder's last line: the reader stops when it has read it. */
    END("end");

    private final String word;

    MarkKind(String word) {
        this.word = word;
    }

    /** The word on the line. */
    public String word() {
        return word;
    }

    /** True for the ends of an operation, whose {@code ret} says how it went. */
    public boolean ends() {
        return this == READ_END || this == WRITE_END;
    }

    /** True for the starts of an operation. */
    public boolean begins() {
        return this == READ_BEGIN || this == WRITE_BEGIN;
    }

    public static Optional<MarkKind> byWord(String word) {
        for (MarkKind k : values()) {
            if (k.word.equals(word)) {
                return Optional.of(k);
            }
        }
        return Optional.empty();
    }
}
