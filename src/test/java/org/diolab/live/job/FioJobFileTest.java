package org.diolab.live.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class FioJobFileTest {
    @Test
    void readsGlobalAndJobSectionsWithFiosMeanings() {
        FioJobFile.Parsed p = FioJobFile.parse("""
                ; a comment
                [global]
                directory=/var/tmp/lab
                ioengine=psync
                direct=1
                size=64m
                group_reporting

                [seq]
                rw=write
                bs=1m
                runtime=5s
                time_based

                [mirror-race]
                rw=randwrite
                bs=64k
                numjobs=2
                mirrors=2
                mutators=1
                csum=sync
                csum_impl=sw
                verify=crc32c

                [uncached]
                direct=0
                uncached=1
                rw=randrw
                rwmixwrite=30
                """, "t.fio");
        assertThat(p.directory()).contains(Path.of("/var/tmp/lab"));
        assertThat(p.jobs()).hasSize(3);
        JobSpec seq = p.jobs().get(0);
        assertThat(seq.name()).isEqualTo("seq");
        assertThat(seq.rw()).isEqualTo(RwPattern.WRITE);
        assertThat(seq.bs()).isEqualTo(1 << 20);
        assertThat(seq.size()).isEqualTo(64 << 20);
        assertThat(seq.mode()).isEqualTo(Mode.DIRECT);
        assertThat(seq.runtime()).isEqualTo(Duration.ofSeconds(5));
        JobSpec race = p.jobs().get(1);
        assertThat(race.mirrors()).isEqualTo(2);
        assertThat(race.mutators()).isEqualTo(1);
        assertThat(race.numjobs()).isEqualTo(2);
        assertThat(race.csum()).isEqualTo(CsumMode.SYNC);
        assertThat(race.csumImpl()).isEqualTo(CsumImpl.SW);
        assertThat(race.verify()).isTrue();
        assertThat(race.timeBased()).isFalse();
        JobSpec uncached = p.jobs().get(2);
        assertThat(uncached.mode()).isEqualTo(Mode.DONTCACHE);
        assertThat(uncached.rwmixread()).isEqualTo(70);
    }

    @Test
    void fiosDefaultIsBufferedIo() {
        JobSpec j = FioJobFile.parse("[j]\nrw=read\nsize=1m\n", "t").jobs().getFirst();
        assertThat(j.mode()).isEqualTo(Mode.BUFFERED);
        assertThat(j.bs()).isEqualTo(4096);
    }

    @Test
    void unknownOptionsAreRefusedWithTheirLine() {
        assertThatThrownBy(() -> FioJobFile.parse("[j]\nrw=read\niodepth=32\n", "a.fio"))
                .isInstanceOf(LiveRefusal.class)
                .hasMessageStartingWith("a.fio:3:")
                .hasMessageContaining("psync");
        assertThatThrownBy(() -> FioJobFile.parse("[j]\nfilename=/dev/sda\n", "a.fio"))
                .hasMessageStartingWith("a.fio:2:")
                .hasMessageContaining("directory=");
        assertThatThrownBy(() -> FioJobFile.parse("[j]\nioengine=libaio\n", "a.fio"))
                .hasMessageContaining("libaio");
        assertThatThrownBy(() -> FioJobFile.parse("[j]\nzonemode=zbd\n", "a.fio"))
                .hasMessageContaining("'zonemode' is not supported");
    }

    @Test
    void runtimeWithoutTimeBasedIsRefusedRatherThanReinterpreted() {
        assertThatThrownBy(() -> FioJobFile.parse("[j]\nruntime=10\n", "b.fio"))
                .hasMessageStartingWith("b.fio:2:")
                .hasMessageContaining("time_based");
    }

    @Test
    void badValuesNameTheJobOrLine() {
        assertThatThrownBy(() -> FioJobFile.parse("[j]\nnumjobs=many\n", "c.fio"))
                .hasMessageStartingWith("c.fio:2:");
        assertThatThrownBy(() -> FioJobFile.parse("[j]\ndirect=1\nbs=1000\nsize=1000000\n", "c.fio"))
                .hasMessageContaining("[j]")
                .hasMessageContaining("multiple of 4096");
        assertThatThrownBy(() -> FioJobFile.parse("[j]\ndirect=0\nmode=direct\n", "c.fio"))
                .hasMessageContaining("contradicts");
        assertThatThrownBy(() -> FioJobFile.parse("rw=read\n", "c.fio")).hasMessageContaining("outside a section");
        assertThatThrownBy(() -> FioJobFile.parse("[global]\nrw=read\n", "c.fio"))
                .hasMessageContaining("no job");
    }
}
