package org.diolab.live.job;

/**
 * A run that started and then failed (an I/O error, a full disk, fio crashing). Its scratch files are already gone
 * when this is thrown; the message names the operation and the file.
 */
public final class LiveFailure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public LiveFailure(String message, Throwable cause) {
        super(message, cause);
    }

    public LiveFailure(String message) {
        super(message);
    }
}
