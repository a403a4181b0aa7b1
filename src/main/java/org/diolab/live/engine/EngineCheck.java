package org.diolab.live.engine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.diolab.live.job.Engine;
import org.diolab.live.job.LiveRefusal;
import org.diolab.sys.Aio;
import org.diolab.sys.Errno;
import org.diolab.sys.ErrnoException;
import org.diolab.sys.IoUring;

/**
 * Before a job lays out anything: does this kernel give this process the engine asked for? io_uring can be compiled
 * out (ENOSYS), switched off by {@code /proc/sys/kernel/io_uring_disabled} (2: for everyone; 1: for processes
 * outside {@code kernel.io_uring_group} without CAP_SYS_ADMIN, EPERM) or refused by a seccomp filter (EPERM,
 * ENOSYS); native AIO can be compiled out or have its {@code fs.aio-max-nr} used up. Each becomes a one-line refusal
 * naming the reason and the engine to use instead.
 */
public final class EngineCheck {
    static final Path IO_URING_DISABLED = Path.of("/proc/sys/kernel/io_uring_disabled");

    private EngineCheck() {}

    /** Refuses {@code engine} when a context of {@code slots} I/Os cannot be made here. */
    public static void check(Engine engine, int slots) {
        switch (engine) {
            case IO_URING ->
                ioUring(
                        sysctl(IO_URING_DISABLED),
                        setupErrno(() -> IoUring.setup(slots).close()));
            case LIBAIO -> libaio(setupErrno(() -> Aio.setup(slots).close()), slots);
            case PSYNC, PVSYNC2 -> {}
        }
    }

    /** The io_uring verdict from the sysctl's value (if readable) and io_uring_setup's errno (0: it worked). */
    static void ioUring(Optional<String> disabled, int errno) {
        String value = disabled.map(String::trim).orElse("");
        if (value.equals("2")) {
            throw refusal("io_uring is disabled on this machine (/proc/sys/kernel/io_uring_disabled = 2); use"
                    + " --ioengine libaio or psync");
        }
        if (errno == 0) {
            return;
        }
        if (errno == Errno.EPERM && value.equals("1")) {
            throw refusal("io_uring is disabled for this user (/proc/sys/kernel/io_uring_disabled = 1: only"
                    + " kernel.io_uring_group and CAP_SYS_ADMIN may use it); use --ioengine libaio or psync");
        }
        if (errno == Errno.ENOSYS) {
            throw refusal("this kernel has no io_uring (io_uring_setup: ENOSYS: built without it, or a seccomp"
                    + " filter hides it); use --ioengine libaio or psync");
        }
        if (errno == Errno.EPERM) {
            throw refusal("io_uring_setup was refused (EPERM"
                    + (value.isEmpty() ? "" : "; /proc/sys/kernel/io_uring_disabled = " + value)
                    + ", perhaps a seccomp filter); use --ioengine libaio or psync");
        }
        throw refusal("io_uring_setup failed: " + Errno.text(errno) + "; use --ioengine libaio or psync");
    }

    static void libaio(int errno, int slots) {
        if (errno == 0) {
            return;
        }
        if (errno == Errno.ENOSYS) {
            throw refusal("this kernel has no native AIO (io_setup: ENOSYS: built without CONFIG_AIO); use"
                    + " --ioengine io_uring or psync");
        }
        if (errno == Errno.EAGAIN) {
            throw refusal("io_setup(" + slots + ") found the system's AIO slots used up (/proc/sys/fs/aio-nr against"
                    + " /proc/sys/fs/aio-max-nr); raise fs.aio-max-nr, lower --iodepth or --numjobs, or use"
                    + " --ioengine io_uring");
        }
        throw refusal("io_setup(" + slots + ") failed: " + Errno.text(errno) + "; use --ioengine io_uring or psync");
    }

    private interface Setup {
        void run() throws ErrnoException;
    }

    private static int setupErrno(Setup s) {
        try {
            s.run();
            return 0;
        } catch (ErrnoException e) {
            return e.errno();
        }
    }

    static Optional<String> sysctl(Path p) {
        try {
            return Optional.of(Files.readString(p));
        } catch (IOException | SecurityException e) {
            return Optional.empty(); // an older kernel has no such sysctl: io_uring_setup will tell
        }
    }

    private static LiveRefusal refusal(String message) {
        return new LiveRefusal(LiveRefusal.Reason.NO_ENGINE, message);
    }
}
