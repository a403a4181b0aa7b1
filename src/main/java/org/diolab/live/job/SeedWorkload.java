package org.diolab.live.job;

import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A seed table's workload as a live job in user space: the seed's own command ({@code dd bs=1M oflag=direct},
 * {@code fio --ioengine=libaio --iodepth=64 --bs=64k --rw=randread --direct=1}) gives the direction, block size,
 * engine and depth; the row's data path (the perf model's id) gives how the bytes go: zero-copy is O_DIRECT, bounce
 * is DIO Lab's private copy, the buffered fallback is the page cache; "datasum" adds a CRC32C per 4 KiB block, as
 * btrfs does (inline, or on a helper thread for the async one). Scaled to the machine: {@code size} per file and a
 * short time-based run instead of the seed's gigabytes.
 *
 * <p>What the live engine measures here is the user-space half of the path (the copy, the checksum, the I/O on
 * this machine's filesystem), not the seed's kernel; commands it cannot read (a formula, a prose description) give
 * no job.
 */
public final class SeedWorkload {
    private static final Pattern BS = Pattern.compile("\\b(?:--)?bs=(\\d+[kKmMgG]?)");
    private static final Pattern RW = Pattern.compile("--rw=(\\w+)");
    private static final Pattern ENGINE = Pattern.compile("--ioengine=(\\w+)");
    private static final Pattern DEPTH = Pattern.compile("--iodepth=(\\d+)");

    private SeedWorkload() {}

    /**
     * The job for a row whose data path is {@code path} in a table measured with {@code command}, or empty when
     * either cannot be run live.
     */
    public static Optional<JobSpec> of(String name, String command, String path, long size, Duration runtime) {
        if (command == null || path == null) {
            return Optional.empty();
        }
        boolean dd = command.trim().startsWith("dd ");
        boolean fio = command.trim().startsWith("fio ");
        Matcher bs = BS.matcher(command);
        if (!(dd || fio) || !bs.find()) {
            return Optional.empty();
        }
        JobSpec.Builder b = JobSpec.builder()
                .name(name)
                .bs(FioUnits.parseSize(bs.group(1).toLowerCase(Locale.ROOT)))
                .size(size)
                .runtime(runtime);
        if (dd) {
            b.rw(command.contains(" of=") && command.contains("if=/dev/") ? RwPattern.WRITE : RwPattern.READ);
        } else {
            Matcher rw = RW.matcher(command);
            b.rw(rw.find() ? RwPattern.parse(rw.group(1)) : RwPattern.READ);
            Matcher e = ENGINE.matcher(command);
            Matcher d = DEPTH.matcher(command);
            if (e.find()) {
                Engine engine = Engine.parse(e.group(1));
                b.engine(engine);
                if (!engine.sync() && d.find()) {
                    b.iodepth(Math.min(EngineSpec.MAX_DEPTH, Integer.parseInt(d.group(1))));
                }
            }
        }
        return switch (path) {
            case "zero-copy-nodatasum" -> Optional.of(b.mode(Mode.DIRECT).build());
            case "zero-copy-datasum" ->
                Optional.of(b.mode(Mode.DIRECT).csum(CsumMode.SYNC).build());
            case "bounce-nodatasum" -> Optional.of(b.mode(Mode.BOUNCE).build());
            case "bounce-datasum" ->
                Optional.of(b.mode(Mode.BOUNCE).csum(CsumMode.SYNC).build());
            case "buffered-sync-csum" ->
                Optional.of(b.mode(Mode.BUFFERED).csum(CsumMode.SYNC).build());
            case "buffered-async-csum" ->
                Optional.of(b.mode(Mode.BUFFERED).csum(CsumMode.ASYNC).build());
            default -> Optional.empty();
        };
    }
}
