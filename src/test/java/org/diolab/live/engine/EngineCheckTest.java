package org.diolab.live.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.Optional;
import org.diolab.live.job.Engine;
import org.diolab.live.job.LiveRefusal;
import org.diolab.sys.Errno;
import org.junit.jupiter.api.Test;

/** An engine the kernel does not give is refused in one line that names why and what to use instead. */
class EngineCheckTest {
    @Test
    void ioUringSwitchedOffBySysctlIsRefusedNamingIt() {
        assertThatThrownBy(() -> EngineCheck.ioUring(Optional.of("2\n"), Errno.EPERM))
                .isInstanceOf(LiveRefusal.class)
                .hasMessage("io_uring is disabled on this machine (/proc/sys/kernel/io_uring_disabled = 2); use"
                        + " --ioengine libaio or psync")
                .extracting(e -> ((LiveRefusal) e).reason())
                .isEqualTo(LiveRefusal.Reason.NO_ENGINE);
        assertThatThrownBy(() -> EngineCheck.ioUring(Optional.of("1"), Errno.EPERM))
                .hasMessageContaining("io_uring_disabled = 1")
                .hasMessageContaining("kernel.io_uring_group");
    }

    @Test
    void ioUringMissingOrFilteredIsRefusedNamingTheErrno() {
        assertThatThrownBy(() -> EngineCheck.ioUring(Optional.empty(), Errno.ENOSYS))
                .hasMessageStartingWith("this kernel has no io_uring (io_uring_setup: ENOSYS")
                .hasMessageNotContaining("\n");
        assertThatThrownBy(() -> EngineCheck.ioUring(Optional.of("0"), Errno.EPERM))
                .hasMessageContaining("EPERM")
                .hasMessageContaining("io_uring_disabled = 0");
        assertThatCode(() -> EngineCheck.ioUring(Optional.of("0"), 0)).doesNotThrowAnyException();
    }

    @Test
    void nativeAioMissingOrUsedUpIsRefused() {
        assertThatThrownBy(() -> EngineCheck.libaio(Errno.ENOSYS, 16)).hasMessageContaining("CONFIG_AIO");
        assertThatThrownBy(() -> EngineCheck.libaio(Errno.EAGAIN, 16))
                .hasMessageContaining("/proc/sys/fs/aio-max-nr")
                .hasMessageContaining("io_setup(16)");
    }

    @Test
    void thisMachineGivesBothEngines() {
        Optional<String> disabled = EngineCheck.sysctl(EngineCheck.IO_URING_DISABLED);
        assumeTrue(disabled.map(v -> v.trim().equals("0")).orElse(false), "io_uring is not enabled here");
        assertThatCode(() -> EngineCheck.check(Engine.IO_URING, 64)).doesNotThrowAnyException();
        assertThatCode(() -> EngineCheck.check(Engine.LIBAIO, 64)).doesNotThrowAnyException();
        assertThat(disabled).isPresent();
    }
}
