package org.diolab.live.job;

import java.util.List;
import java.util.Locale;

/**
 * The job options of fio's pattern verify ({@link VerifyPattern}: {@code verify_pattern}, {@code verify_interval},
 * {@code do_verify}) and of {@code fill_device}, with fio's spelling and meaning; part of {@link JobOptions#ALL},
 * last. They need every option of the job to be read first ({@code verify=} may come after the pattern):
 * {@link #resolve} settles them.
 */
final class VerifyOptions {
    private VerifyOptions() {}

    static final List<JobOption> ENTRIES = List.of(
            JobOption.custom(
                    "verify_pattern",
                    "",
                    "",
                    JobOption.Type.TEXT,
                    (d, k, t) -> d.job().verifyPattern(d.job().verifyPattern().withHex(VerifyPattern.parse(t))),
                    "fill written blocks with this hex pattern under fio's verify headers, and check reads for it"),
            JobOption.number(
                    JobOption.Type.SIZE,
                    "verify_interval",
                    "",
                    "",
                    VerifyPattern.HEADER,
                    JobSpec.MAX_BS,
                    (b, v) -> b.verifyPattern(b.verifyPattern().withInterval(v)),
                    "bytes per verify header (default: the block size)"),
            JobOption.flag(
                    "do_verify",
                    "",
                    "",
                    (d, v) -> d.job().verifyPattern(d.job().verifyPattern().withCheck(v)),
                    "check what was written (default 1; 0 writes the headers and checks nothing)"),
            JobOption.flag(
                    "fill_device",
                    "",
                    "",
                    JobDraft.setter(JobDraft.Bit.FILL_DEVICE),
                    "write the job's file once in full; DIO Lab stops at the job's size, never fills the filesystem"),
            // fio's create_serialize=0 lets jobs lay out their files at the same time; DIO Lab lays out one job's
            // files at a time either way, which changes no measured I/O
            JobOption.custom("create_serialize", "", "", JobOption.Type.FLAG, (d, k, t) -> {}, "")
                    .ignoredInFiles());

    /**
     * Settles the pattern verify once every option is read: with a pattern, {@code verify=} must be fio's
     * {@code meta} or {@code pattern} (or absent: fio then takes {@code pattern}) and DIO Lab's own verify is off;
     * without one, {@code verify_interval} is refused and {@code do_verify=0} turns DIO Lab's own verify off.
     */
    static void resolve(JobDraft d) {
        VerifyPattern vp = d.job().verifyPattern();
        String kind = d.verifyKind() == null ? null : d.verifyKind().toLowerCase(Locale.ROOT);
        if (!vp.active()) {
            if (vp.interval() > 0) {
                throw LiveRefusal.badOption("verify_interval needs verify_pattern: DIO Lab writes fio's verify headers"
                        + " only with a pattern (verify=meta or pattern)");
            }
            if (!vp.check()) {
                d.job().verify(false);
            }
            return;
        }
        if (kind != null && !kind.equals("meta") && !kind.equals("pattern")) {
            throw LiveRefusal.badOption("verify=" + kind + " with verify_pattern: DIO Lab checks fio's header and"
                    + " pattern (verify=meta or verify=pattern), not a checksum of the data");
        }
        d.job().verify(false).verifyPattern(vp.withMeta("meta".equals(kind)));
    }
}
