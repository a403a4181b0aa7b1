package org.diolab.live;

import java.io.IOException;

/** A libc call failed; keeps the errno so callers can tell "no such file" from "permission denied". */
final class ErrnoException extends IOException {
    private static final long serialVersionUID = 1L;
    private final int errno;

    ErrnoException(String what, int errno) {
        super(what + ": " + LibC.errnoText(errno));
        this.errno = errno;
    }

    int errno() {
        return errno;
    }
}
