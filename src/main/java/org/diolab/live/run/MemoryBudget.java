package org.diolab.live.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;
import org.diolab.live.job.BufferMemory;
import org.diolab.live.job.CsumMode;
import org.diolab.live.job.FioUnits;
import org.diolab.live.job.JobSpec;
import org.diolab.live.job.LiveRefusal;
import org.diolab.live.job.Mode;

/**
 * How much memory a job's buffers take, and the refusal when that is more than a share of what the machine has:
 * {@code --numjobs 64 --bs 256m --mode bounce} would otherwise touch 32 GiB of pages before the first I/O and drive
 * the machine into swap or the OOM killer. Native buffers (user and bounce buffers, the pattern, layout and verify
 * chunks) are weighed against the memory available now ({@code MemAvailable}, or the cgroup's room if smaller); the
 * checksum tables, which live on the Java heap, against the heap's maximum.
 */
public final class MemoryBudget {
    /** The share of available memory (and of the heap) a job may use. */
    static final double SHARE = 0.5;

    /**
     * What a job needs.
     *
     * @param nativeBytes buffers outside the Java heap
     * @param heapBytes   checksum tables on the Java heap
     */
    public record Need(long nativeBytes, long heapBytes) {}

    private MemoryBudget() {}

    /** What {@code job} allocates while it runs. */
    public static Need of(JobSpec job) {
        long page = job.iomem() == BufferMemory.THP ? IoBuffers.HUGE : JobSpec.BLOCK;
        long buffer = roundUp(sat(job.bs(), job.depth()), page); // one buffer per slot of the queue, in one mapping
        boolean cached = job.csum() != CsumMode.NONE
                && !job.mode().usesODirect()
                && job.rw().writes();
        long perWorker = sat(buffer, (job.mode() == Mode.BOUNCE ? 2 : 1) + (cached ? 1 : 0));
        long chunk = ChunkedPass.of(job, JobSpec.BLOCK).chunk();
        long nativeBytes = sat(sat(perWorker, job.numjobs()) + job.bs() + chunk * (1 + job.mirrors()));
        long heapBytes =
                job.csum() == CsumMode.NONE ? 0 : sat(job.size() / JobSpec.BLOCK * Integer.BYTES, job.numjobs());
        return new Need(nativeBytes, heapBytes);
    }

    /** Refuses {@code job} when it needs more than {@link #SHARE} of this machine's available memory or heap. */
    public static void check(JobSpec job) {
        check(job, available(), Runtime.getRuntime().maxMemory());
    }

    /** As {@link #check(JobSpec)}, against given amounts (unknown available memory skips the native check). */
    static void check(JobSpec job, OptionalLong availableNative, long maxHeap) {
        Need need = of(job);
        if (availableNative.isPresent() && need.nativeBytes() > availableNative.getAsLong() * SHARE) {
            throw new LiveRefusal(
                    LiveRefusal.Reason.NO_MEMORY,
                    "job '" + job.name() + "' needs "
                            + FioUnits.humanBytes(need.nativeBytes()) + " of I/O buffers (" + job.numjobs()
                            + " thread(s) x " + (job.depth() > 1 ? job.depth() + " x " : "")
                            + (job.mode() == Mode.BOUNCE ? "a user and a bounce buffer" : "a buffer") + " of "
                            + FioUnits.formatSize(job.bs()) + ", plus layout and verify chunks) but only "
                            + FioUnits.humanBytes(availableNative.getAsLong())
                            + " of memory is available, and a job may use"
                            + " half of it (" + FioUnits.humanBytes(availableNative.getAsLong() * SHARE)
                            + "); lower --bs or"
                            + " --numjobs" + (job.depth() > 1 ? " or --iodepth" : "")
                            + (job.mode() == Mode.BOUNCE ? ", or use --mode direct" : ""));
        }
        if (need.heapBytes() > maxHeap * SHARE) {
            throw new LiveRefusal(
                    LiveRefusal.Reason.NO_MEMORY,
                    "job '" + job.name() + "' needs "
                            + FioUnits.humanBytes(need.heapBytes())
                            + " of Java heap for its checksum tables (4 bytes per"
                            + " 4 KiB block of " + job.numjobs() + " file(s) of " + FioUnits.formatSize(job.size())
                            + ") but the heap may grow to " + FioUnits.humanBytes(maxHeap) + " and a job may use half;"
                            + " lower --size or --numjobs, drop --csum, or give Java more heap (-Xmx)");
        }
    }

    /** Memory available for new allocations now: MemAvailable, capped by the cgroup's limit; empty if unknown. */
    static OptionalLong available() {
        OptionalLong mem = meminfo(Path.of("/proc/meminfo"));
        OptionalLong cg = cgroupRoom();
        if (mem.isPresent() && cg.isPresent()) {
            return OptionalLong.of(Math.min(mem.getAsLong(), cg.getAsLong()));
        }
        return mem.isPresent() ? mem : cg;
    }

    static OptionalLong meminfo(Path file) {
        try {
            for (String line : Files.readAllLines(file)) {
                if (line.startsWith("MemAvailable:")) {
                    String[] f = line.substring("MemAvailable:".length()).trim().split("\\s+");
                    return OptionalLong.of(Long.parseLong(f[0]) * 1024);
                }
            }
        } catch (IOException | RuntimeException e) {
            // unknown: no check rather than a wrong one
        }
        return OptionalLong.empty();
    }

    /** memory.max - memory.current of this process's cgroup v2, when it has a limit. */
    private static OptionalLong cgroupRoom() {
        try {
            List<String> lines = Files.readAllLines(Path.of("/proc/self/cgroup"));
            for (String l : lines) {
                if (l.startsWith("0::")) {
                    Path dir = Path.of("/sys/fs/cgroup" + l.substring(3));
                    String max = Files.readString(dir.resolve("memory.max")).trim();
                    if (max.equals("max")) {
                        return OptionalLong.empty();
                    }
                    long current = Long.parseLong(
                            Files.readString(dir.resolve("memory.current")).trim());
                    return OptionalLong.of(Math.max(0, Long.parseLong(max) - current));
                }
            }
        } catch (IOException | RuntimeException e) {
            // no cgroup v2 or no limit visible
        }
        return OptionalLong.empty();
    }

    private static long roundUp(long v, long align) {
        return (v + align - 1) / align * align;
    }

    private static long sat(long a, long b) {
        return a > Long.MAX_VALUE / Math.max(1, b) ? Long.MAX_VALUE : a * b;
    }

    private static long sat(long a) {
        return a < 0 ? Long.MAX_VALUE : a;
    }
}
