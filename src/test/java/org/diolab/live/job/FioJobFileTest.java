package org.diolab.live.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
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
    void unknownOptionsAndEnginesAreRefusedWithTheirLine() {
        assertThatThrownBy(() -> FioJobFile.parse("[j]\nrw=read\nioengine=null\n", "a.fio"))
                .isInstanceOf(LiveRefusal.class)
                .hasMessageStartingWith("a.fio:3:")
                .hasMessageContaining("ioengine null is not one DIO Lab has");
        assertThatThrownBy(() -> FioJobFile.parse("[j]\nzonemode=zbd\n", "a.fio"))
                .hasMessageContaining("'zonemode' is not supported");
        assertThatThrownBy(() -> FioJobFile.parse("[j]\nthinktime_spin=10\n", "a.fio"))
                .hasMessageContaining("'thinktime_spin' is not supported");
    }

    @Test
    void theEngineAndTheFileAreNamedBeforeAnyOtherOptionDioLabLacks() {
        // fio's latency-profile.fio and jesd219.fio: options DIO Lab lacks come first, a device after them; the
        // refusal names the device, the reason the job is not one DIO Lab runs
        assertThatThrownBy(() -> FioJobFile.parse("[j]\nthinktime_spin=10\nfilename=/dev/sda\n", "a.fio"))
                .hasMessageStartingWith("a.fio:3:")
                .hasMessageContaining("names a device");
        assertThatThrownBy(() -> FioJobFile.parse("[global]\nzonemode=zbd\n[j]\nioengine=null\n", "a.fio"))
                .hasMessageStartingWith("a.fio:4:")
                .hasMessageContaining("ioengine null is not one DIO Lab has");
    }

    @Test
    void aFilenameIsAPlainNameInsideTheScratchDirectoryAndAnythingElseIsRefusedNamingIt() {
        JobSpec j = FioJobFile.parse("[j]\nfilename=ssd.test.file\nnumjobs=4\n", "f.fio")
                .jobs()
                .getFirst();
        assertThat(j.filename()).isEqualTo("ssd.test.file");
        assertThat(j.oneFile()).isTrue();
        assertThat(j.fileCount()).as("the four threads share it").isEqualTo(1);
        for (String[] bad : new String[][] {
            {"/dev/sda", "names a device"},
            {"/tmp/testfile", "is an absolute path"},
            {"../up", "leaves --dir"},
            {"sub/file", "subdirectory"},
            {"a:b", "several files"},
            {"$jobname.$jobnum", "expansions"}
        }) {
            assertThatThrownBy(() -> FioJobFile.parse("[j]\nrw=read\nfilename=" + bad[0] + "\n", "f.fio"))
                    .as(bad[0])
                    .hasMessageStartingWith("f.fio:3: filename=" + bad[0])
                    .hasMessageContaining(bad[1]);
        }
        assertThatThrownBy(() -> FioJobFile.parse("[a]\nfilename=x\nsize=1m\n[b]\nfilename=x\nsize=2m\n", "f.fio"))
                .hasMessageContaining("[b]: filename=x is also [a]'s");
    }

    @Test
    void aGlobalSectionAppliesOnlyToTheJobsAfterIt() {
        FioJobFile.Parsed p = FioJobFile.parse("""
                [global]
                bs=64k
                [first]
                rw=read
                [global]
                bs=1m
                iodepth=8
                ioengine=libaio
                [second]
                rw=read
                """, "g.fio");
        assertThat(p.jobs().get(0).bs()).isEqualTo(64 << 10);
        assertThat(p.jobs().get(0).engine().engine()).isEqualTo(Engine.PSYNC);
        assertThat(p.jobs().get(1).bs()).isEqualTo(1 << 20);
        assertThat(p.jobs().get(1).engine().engine()).isEqualTo(Engine.LIBAIO);
        assertThat(p.jobs().get(1).engine().iodepth()).isEqualTo(8);
    }

    @Test
    void jobsRunTogetherUntilAStonewallWhichStartsTheNextGroup() {
        FioJobFile.Parsed p = FioJobFile.parse("""
                [global]
                size=1m
                [a]
                [b]
                startdelay=2
                [c]
                stonewall
                [d]
                """, "s.fio");
        assertThat(p.groups()).hasSize(2);
        assertThat(p.groups().get(0)).extracting(x -> x.job().name()).containsExactly("a", "b");
        assertThat(p.groups().get(0).get(1).startDelay()).isEqualTo(Duration.ofSeconds(2));
        assertThat(p.groups().get(1)).extracting(x -> x.job().name()).containsExactly("c", "d");
    }

    @Test
    void theCommandLineOverridesTheFileForEveryJob() {
        java.util.Map<JobOption, String> cli = new java.util.LinkedHashMap<>();
        cli.put(JobOptions.byCli("--runtime").orElseThrow(), "2s");
        cli.put(JobOptions.byCli("--size").orElseThrow(), "64m");
        cli.put(JobOptions.byCli("--iodepth").orElseThrow(), "4");
        FioJobFile.Parsed p = FioJobFile.parse("""
                [global]
                size=10G
                runtime=900
                iodepth=16
                ioengine=libaio
                [a]
                rw=randread
                direct=1
                [b]
                rw=write
                """, "o.fio", true, cli);
        for (JobSpec j : p.jobs()) {
            assertThat(j.size()).isEqualTo(64L << 20);
            assertThat(j.runtime()).isEqualTo(Duration.ofSeconds(2));
            assertThat(j.timeBased()).as("bench's --runtime is time based").isTrue();
            assertThat(j.engine().iodepth()).isEqualTo(4);
            assertThat(j.engine().engine()).isEqualTo(Engine.LIBAIO);
        }
        assertThat(p.jobs().get(0).mode()).isEqualTo(Mode.DIRECT);
        assertThat(p.jobs().get(1).mode()).isEqualTo(Mode.BUFFERED);
    }

    @Test
    void fiosWorkloadOptionsKeepFiosMeaning() {
        FioJobFile.Parsed p = FioJobFile.parse("""
                [back]
                rw=read:-8k
                bs=4k
                size=1m
                [fsx]
                rw=randrw
                norandommap
                loops=3
                size=1m
                [tio]
                bsrange=4k-4k
                timeout=60   ; an inline comment
                size=1m
                rate=1m,500k
                ratemin=1k
                """, "w.fio");
        JobSpec back = p.jobs().get(0);
        assertThat(back.skip()).isEqualTo(-8192);
        JobSpec fsx = p.jobs().get(1);
        assertThat(fsx.randomMap()).isFalse();
        assertThat(fsx.loops()).isEqualTo(3);
        JobSpec tio = p.jobs().get(2);
        assertThat(tio.bs()).isEqualTo(4096);
        assertThat(tio.runtime()).isEqualTo(Duration.ofSeconds(60));
        assertThat(tio.timeBased())
                .as("runtime without time_based: one pass, cut at the runtime")
                .isFalse();
        assertThat(tio.pacing()).isEqualTo(new Pacing(1 << 20, 500 << 10, 0, 0, 1024, 1024));
        assertThatThrownBy(() -> FioJobFile.parse("[j]\nbsrange=4k-64k\n", "w.fio"))
                .hasMessageContaining("one block size per job");
        assertThatThrownBy(() -> FioJobFile.parse("[j]\ntime_based\n", "w.fio"))
                .hasMessageContaining("time_based needs runtime=");
    }

    @Test
    void aTrimIsRefusedWithWhatFioDoesOnAFileEvenWhenAnEarlierJobHasAnOptionDioLabLacks() {
        // fio trims with BLKDISCARD; a regular file answers ENOTTY (fio 3.33: err=25 on the first trim)
        assertThatThrownBy(() -> FioJobFile.parse("[a]\nrw=write\nexitall\n[b]\nrw=randtrim\n", "t.fio"))
                .hasMessageStartingWith("t.fio:5: rw=randtrim trims")
                .hasMessageContaining("BLKDISCARD")
                .hasMessageContaining("ENOTTY");
        assertThatThrownBy(() -> FioJobFile.parse("[a]\nrw=trimwrite\n", "t.fio"))
                .hasMessageContaining("no trim");
    }

    @Test
    void placeInDirTakesAnAbsoluteNamesLastNameButNotTwoFilesAsOne() {
        FioJobFile.Parsed p = FioJobFile.parse(
                "[global]\nplace_in_dir=1\nfilename=/tmp/testfile\n[a]\nrw=read\n[b]\nrw=read\n", "t.fio");
        assertThat(p.jobs()).extracting(JobSpec::filename).containsExactly("testfile", "testfile");
        assertThat(p.placed()).containsExactly("filename=/tmp/testfile as testfile");
        assertThatThrownBy(() -> FioJobFile.parse(
                        "[global]\nplace_in_dir=1\n[a]\nfilename=/tmp/a/x\n[b]\nfilename=/var/x\n", "t.fio"))
                .hasMessageStartingWith("t.fio:6: filename=/var/x and /tmp/a/x would both be x inside --dir");
        assertThatThrownBy(() ->
                        FioJobFile.parse("[global]\nplace_in_dir=1\n[a]\nfilename=x\n[b]\nfilename=/tmp/x\n", "t.fio"))
                .hasMessageContaining("filename=/tmp/x and x would both be x");
        assertThatThrownBy(() -> FioJobFile.parse("[a]\nplace_in_dir=1\nfilename=/dev/sda\n", "t.fio"))
                .hasMessageContaining("names a device");
        assertThatThrownBy(() -> FioJobFile.parse("[a]\nfilename=/tmp/x\n", "t.fio"))
                .hasMessageContaining("or pass --place-in-dir");
    }

    @Test
    void flowOptionsAreReadWithFiosMeaningAndBadValuesAreOneLine() {
        JobSpec j = FioJobFile.parse("[a]\nflow=8\nflow_id=3\nflow_sleep=1000\n", "t.fio")
                .jobs()
                .getFirst();
        assertThat(j.flow()).isEqualTo(new Flow(8, 3, java.time.Duration.ofMillis(1)));
        assertThatThrownBy(() -> FioJobFile.parse("[a]\nflow=-1\n", "t.fio")).hasMessageStartingWith("t.fio:2: flow");
        assertThatThrownBy(() -> FioJobFile.parse("[a]\nflow_sleep=99999999\n", "t.fio"))
                .hasMessageContaining("flow_sleep");
    }

    @Test
    void numberIosThinktimeAndAThreeValuedRateAreReadWithFiosMeaningAndBadValuesAreOneLine() {
        JobSpec j = FioJobFile.parse("[a]\nnumber_ios=1000\nthinktime=2000\nrate=300,300,300\n", "t.fio")
                .jobs()
                .getFirst();
        assertThat(j.cadence()).isEqualTo(new Cadence(1000, java.time.Duration.ofMillis(2), 1));
        assertThat(j.pacing().readRate()).isEqualTo(300);
        assertThat(j.pacing().writeRate()).isEqualTo(300);
        JobSpec ms = FioJobFile.parse("[a]\nthinktime=3ms\nthinktime_blocks=8\n", "t.fio")
                .jobs()
                .getFirst();
        assertThat(ms.cadence()).isEqualTo(new Cadence(0, java.time.Duration.ofMillis(3), 8));
        assertThatThrownBy(() -> FioJobFile.parse("[a]\nnumber_ios=-1\n", "t.fio"))
                .hasMessageStartingWith("t.fio:2: number_ios");
        assertThatThrownBy(() -> FioJobFile.parse("[a]\nthinktime=soon\n", "t.fio"))
                .hasMessageStartingWith("t.fio:2: thinktime");
        assertThatThrownBy(() -> FioJobFile.parse("[a]\nthinktime=2h\n", "t.fio"))
                .hasMessageStartingWith("t.fio:2: thinktime");
        assertThatThrownBy(() -> FioJobFile.parse("[a]\nthinktime_blocks=0\n", "t.fio"))
                .hasMessageStartingWith("t.fio:2: thinktime_blocks");
        assertThatThrownBy(() -> FioJobFile.parse("[a]\nrate=1m,1m,1m,1m\n", "t.fio"))
                .hasMessageStartingWith("t.fio:2: rate=1m,1m,1m,1m")
                .hasMessageContaining("one for trims");
        assertThatThrownBy(() -> FioJobFile.parse("[a]\nrate=1m,1m,fast\n", "t.fio"))
                .hasMessageStartingWith("t.fio:2: rate");
    }

    @Test
    void exitallAndExitWhatAreReadInEitherOrderAndNewGroupOrStonewallStartsAReportingGroup() {
        List<JobSpec> jobs = FioJobFile.parse(
                        "[global]\nexit_what=all\n[a]\nexitall=1\n[b]\nnew_group\n[c]\n[d]\nstonewall\n"
                                + "exitall\nexit_what=stonewall\n[e]\nexit_what=group\n",
                        "t.fio")
                .jobs();
        assertThat(jobs)
                .extracting(j -> j.cadence().exit())
                .containsExactly(
                        Cadence.Exit.ALL,
                        Cadence.Exit.NONE,
                        Cadence.Exit.NONE,
                        Cadence.Exit.STONEWALL,
                        Cadence.Exit.NONE);
        assertThat(jobs).extracting(j -> j.cadence().reportGroup()).containsExactly(0, 1, 1, 2, 2);
        assertThatThrownBy(() -> FioJobFile.parse("[a]\nexitall\nexit_what=some\n", "t.fio"))
                .hasMessageStartingWith("t.fio:3: exit_what=some: use group, stonewall or all");
    }

    @Test
    void waitForAJobAloneInItsGroupStartsTheNextGroupAndOtherUsesAreRefusedSayingWhy() {
        FioJobFile.Parsed chain = FioJobFile.parse(
                "[w]\nrw=write\nnumjobs=4\n[r]\nwait_for=w\nrw=read\n[w2]\nwait_for=r\nrw=write\n"
                        + "[late]\nwait_for=w\nrw=read\n",
                "t.fio");
        assertThat(chain.groups())
                .extracting(g -> g.stream().map(p -> p.job().name()).toList())
                .containsExactly(List.of("w"), List.of("r"), List.of("w2", "late")); // w ended before w2's group
        assertThatThrownBy(() -> FioJobFile.parse("[r]\nwait_for=w\n[w]\nrw=write\n", "t.fio"))
                .hasMessageStartingWith("t.fio:2: wait_for=w names no job before [r]");
        assertThatThrownBy(() -> FioJobFile.parse("[a]\n[b]\n[c]\nwait_for=a\n", "t.fio"))
                .hasMessageStartingWith("t.fio:4: wait_for=a: [a] runs beside [b]");
    }

    @Test
    void badValuesNameTheJobOrLine() {
        assertThatThrownBy(() -> FioJobFile.parse("[j]\nnumjobs=many\n", "c.fio"))
                .hasMessageStartingWith("c.fio:2:");
        assertThatThrownBy(() -> FioJobFile.parse("[j]\ndirect=1\nbs=1000\nsize=1000000\n", "c.fio"))
                .hasMessageContaining("[j]")
                .hasMessageContaining("multiple of 512");
        assertThatThrownBy(() -> FioJobFile.parse("[j]\ndirect=0\nmode=direct\n", "c.fio"))
                .hasMessageContaining("contradicts");
        assertThatThrownBy(() -> FioJobFile.parse("rw=read\n", "c.fio")).hasMessageContaining("outside a section");
        assertThatThrownBy(() -> FioJobFile.parse("[global]\nrw=read\n", "c.fio"))
                .hasMessageContaining("no job");
    }

    /** fio's randrepeat=0 asks for new offsets each run (a randseed= given after it wins); gtod_reduce changes no I/O. */
    @Test
    void randrepeatAndGtodReduceAreReadAsFioMeansThem() {
        FioJobFile.Parsed p = FioJobFile.parse("""
                [global]
                size=16m
                gtod_reduce=1
                [repeat]
                randrepeat=1
                rw=randread
                [fresh]
                randrepeat=0
                rw=randread
                [seeded]
                randrepeat=0
                randseed=7
                rw=randread
                """, "repeat.fio");
        assertThat(p.jobs().get(0).randseed())
                .isEqualTo(JobSpec.builder().build().randseed());
        assertThat(p.jobs().get(1).randseed())
                .isNotEqualTo(JobSpec.builder().build().randseed());
        assertThat(p.jobs().get(2).randseed()).isEqualTo(7);
        assertThatThrownBy(() -> FioJobFile.parse("[a]\nrandrepeat=maybe\n", "bad.fio"))
                .isInstanceOf(LiveRefusal.class)
                .hasMessageContaining("bad.fio:2: 'maybe' is not 0 or 1");
    }

    /** fio's ${NAME} comes from the environment; a name it lacks is refused, naming it and how to set it. */
    @Test
    void environmentNamesAreExpandedAsFioExpandsThem() {
        java.util.function.Function<String, String> env = java.util.Map.of("FIO_BS", "16k", "FIO_RW", "randwrite")::get;
        JobSpec job = FioJobFile.parse(
                        "[a]\nbs=${FIO_BS}\nrw=${FIO_RW}\nsize=16m\n", "env.fio", true, java.util.Map.of(), env)
                .jobs()
                .getFirst();
        assertThat(job.bs()).isEqualTo(16 << 10);
        assertThat(job.rw()).isEqualTo(RwPattern.RANDWRITE);
        assertThatThrownBy(() -> FioJobFile.parse("[a]\nbs=${FIO_DEPTH}k\n", "env.fio", true, java.util.Map.of(), env))
                .isInstanceOf(LiveRefusal.class)
                .hasMessageContaining(
                        "env.fio:2: ${FIO_DEPTH} is not set in the environment (fio takes ${NAME}" + " from it)");
    }

    @Test
    void patternVerifyAndFillDeviceAreReadWithFiosMeaningAndRefusedWhereDioLabCannotHonourThem() {
        String head = "[global]\nbs=64k\nverify=meta\nverify_pattern=0xAA555aa5\nverify_interval=512\n";
        FioJobFile.Parsed p = FioJobFile.parse(
                head + "[w]\nsize=16m\nrw=write\nfill_device=1\ndo_verify=0\n[r]\nstonewall\nrw=read\n", "s.fio");
        JobSpec w = p.jobs().get(0);
        JobSpec r = p.jobs().get(1);
        assertThat(w.verifyPattern()).isEqualTo(new VerifyPattern("aa555aa5", 512, false, true));
        assertThat(r.verifyPattern()).isEqualTo(new VerifyPattern("aa555aa5", 512, true, true));
        assertThat(w.verify())
                .as("DIO Lab's own verify is off: the pattern is fio's")
                .isFalse();
        assertThat(p.notes()).singleElement().asString().contains("[w]").contains("16m");
        assertThat(FioJobFile.parse("[r]\nverify_pattern=0x0f\n", "a.fio")
                        .jobs()
                        .getFirst()
                        .verifyPattern()
                        .meta())
                .as("fio: a pattern alone is verify=pattern")
                .isFalse();
        assertThatThrownBy(() -> FioJobFile.parse("[w]\nrw=write\nfill_device=1\n", "a.fio"))
                .hasMessageContaining("a.fio:3: fill_device=1 with no size would fill the filesystem");
        assertThatThrownBy(() -> FioJobFile.parse("[w]\nrw=write\nverify_pattern=0xff\n", "a.fio"))
                .hasMessageContaining("do_verify=0");
        assertThatThrownBy(() -> FioJobFile.parse("[r]\nverify=crc32c\nverify_pattern=0xff\n", "a.fio"))
                .hasMessageContaining("verify=crc32c with verify_pattern");
        assertThatThrownBy(() -> FioJobFile.parse("[r]\nverify_interval=512\n", "a.fio"))
                .hasMessageContaining("verify_interval needs verify_pattern");
        assertThatThrownBy(() -> FioJobFile.parse("[r]\nverify_pattern=\"abc\"\n", "a.fio"))
                .hasMessageContaining("a.fio:2: verify_pattern=\"abc\": DIO Lab takes a hex pattern");
        assertThatThrownBy(() -> FioJobFile.parse("[r]\nverify_pattern=0xff\ncsum=sync\n", "a.fio"))
                .hasMessageContaining("use one or the other");
    }
}
