package org.diolab.sys;

import java.io.IOException;

/** A libc call failed; keeps the errno so callers can tell "no such file" from "permission denied". */
public final class ErrnoException extends IOException {
    private static final long serialVersionUID = 1L;
    private final int errno;

    public ErrnoException(String what, int errno) {
        super(what + ": " + Errno.text(errno));
        this.errno = errno;
    }

    public int errno() {
        return errno;
    }
}
