package org.diolab.live.run;

import java.io.IOException;

/** The kernel or filesystem answered EOPNOTSUPP to an RWF_* flag: the feature is missing, not the I/O failing. */
final class UnsupportedFlagException extends IOException {
    private static final long serialVersionUID = 1L;

    UnsupportedFlagException(String message) {
        super(message);
    }
}
