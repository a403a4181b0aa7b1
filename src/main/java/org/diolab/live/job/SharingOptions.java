package org.diolab.live.job;

import java.time.Duration;
import java.util.List;

/**
 * The job options about how a job file's jobs meet: DIO Lab's {@code place_in_dir} (an absolute {@code filename=}
 * put inside --dir, said so), fio's flow control ({@code flow}, {@code flow_id}, {@code flow_sleep}; see
 * {@link Flow}) and fio's {@code wait_for} (read by {@link FioJobFile} with the groups). Part of {@link JobOptions#ALL}, after the access options, with fio's spelling and meaning.
 */
final class SharingOptions {
    private SharingOptions() {}

    static final List<JobOption> ENTRIES = List.of(
            JobOption.flag(
                            "place_in_dir",
                            "--place-in-dir",
                            "",
                            JobDraft.setter(JobDraft.Bit.PLACE_IN_DIR),
                            "an absolute filename= (fio's examples write to /tmp/...) names the file of that name"
                                    + " inside --dir; bench says which it placed")
                    .dioLabOnly(),
            JobOption.custom(
                    "flow",
                    "--flow",
                    "WEIGHT",
                    JobOption.Type.COUNT,
                    (d, k, t) -> d.job()
                            .flow(d.job().flow().withWeight((int) FioUnits.parseCount(k, t, 0, Flow.MAX_WEIGHT))),
                    "weight in fio's flow control: jobs of one flow_id keep their I/O counts in this proportion"),
            JobOption.custom(
                    "flow_id",
                    "",
                    "",
                    JobOption.Type.COUNT,
                    (d, k, t) -> d.job().flow(d.job().flow().withId((int) FioUnits.parseCount(k, t, 0, 1L << 30))),
                    "the flow a job's weight counts in (default 0: one flow for all)"),
            JobOption.custom(
                    "flow_sleep",
                    "",
                    "",
                    JobOption.Type.COUNT,
                    (d, k, t) -> d.job()
                            .flow(d.job()
                                    .flow()
                                    .withSleep(Duration.ofNanos(
                                            1000 * FioUnits.parseCount(k, t, 0, Flow.MAX_SLEEP.toNanos() / 1000)))),
                    "microseconds a job over its flow share waits before it tries again (default 0: at once)"),
            JobOption.custom(
                    "wait_for",
                    "",
                    "",
                    JobOption.Type.TEXT,
                    (d, k, t) -> {
                        if (t.isBlank()) {
                            throw new IllegalArgumentException("wait_for= needs the name of an earlier job");
                        }
                        d.waitFor(t.trim());
                    },
                    "start when every worker of the named earlier job is done"));
}
