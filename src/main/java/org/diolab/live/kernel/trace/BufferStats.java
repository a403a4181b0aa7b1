package org.diolab.live.kernel.trace;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * An instance's ring buffer, summed over its CPUs ({@code per_cpu/cpuN/stats}): entries still unread, events
 * overwritten before anyone read them ({@code overrun}: the reader fell behind), and events dropped because the
 * buffer was full of events being written ({@code commit overrun}, {@code dropped events}).
 */
public record BufferStats(long entries, long overrun, long commitOverrun, long dropped, long read) {
    public static final BufferStats NONE = new BufferStats(0, 0, 0, 0, 0);

    /** Events the recording does not have: overwritten or dropped. */
    public long lost() {
        return overrun + commitOverrun + dropped;
    }

    static BufferStats read(Path perCpu) throws IOException {
        long entries = 0;
        long overrun = 0;
        long commit = 0;
        long dropped = 0;
        long read = 0;
        try (var s = Files.list(perCpu)) {
            for (Path cpu :
                    s.filter(p -> p.getFileName().toString().startsWith("cpu")).toList()) {
                BufferStats b = parse(TracefsFiles.read(cpu.resolve("stats")));
                entries += b.entries;
                overrun += b.overrun;
                commit += b.commitOverrun;
                dropped += b.dropped;
                read += b.read;
            }
        }
        return new BufferStats(entries, overrun, commit, dropped, read);
    }

    /** One CPU's stats file: "entries: 0\noverrun: 133690\ncommit overrun: 0\n...\ndropped events: 0\nread events: 5". */
    static BufferStats parse(String text) {
        long entries = 0;
        long overrun = 0;
        long commit = 0;
        long dropped = 0;
        long read = 0;
        for (String line : text.split("\n")) {
            int colon = line.indexOf(':');
            if (colon < 0) {
                continue;
            }
            String key = line.substring(0, colon).strip();
            long v;
            try {
                v = Long.parseLong(line.substring(colon + 1).strip());
            } catch (NumberFormatException e) {
                continue; // "oldest event ts:   636.889870"
            }
            switch (key) {
                case "entries" -> entries = v;
                case "overrun" -> overrun = v;
                case "commit overrun" -> commit = v;
                case "dropped events" -> dropped = v;
                case "read events" -> read = v;
                default -> {}
            }
        }
        return new BufferStats(entries, overrun, commit, dropped, read);
    }
}
