package org.diolab.live.kernel.evidence;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.regex.Pattern;
import org.diolab.sys.Errno;
import org.diolab.sys.Fd;
import org.diolab.sys.LibC;
import org.jspecify.annotations.Nullable;

/**
 * The kernel's own log from the moment the lab started: {@code /dev/kmsg} opened non-blocking and positioned at its
 * end, then drained whenever a scenario wants its evidence. Each read returns one record
 * ({@code "priority,sequence,microseconds,flags;message"}); EPIPE means records were overwritten before they were
 * read, which is counted, not hidden. Only lines naming the lab's own devices are handed out as evidence.
 */
public final class KernelLog implements AutoCloseable {
    /** One log record: when (µs since boot) and what. */
    public record Line(long micros, String text) {}

    private static final int MAX_LINES = 20_000;
    private final @Nullable Fd fd;
    private final Arena arena = Arena.ofShared();
    private final MemorySegment buf = arena.allocate(16 << 10);
    private final List<Line> lines = new ArrayList<>();
    private final String unavailable;
    private long lost;

    private KernelLog(@Nullable Fd fd, @Nullable String unavailable) {
        this.fd = fd;
        this.unavailable = unavailable;
    }

    /** Starts reading at the current end of the log; never throws: without access it says why. */
    public static KernelLog openAtEnd() {
        try {
            Fd fd = Fd.open(Path.of("/dev/kmsg"), LibC.O_RDONLY | LibC.O_NONBLOCK);
            try {
                fd.seekToEnd();
            } catch (IOException e) {
                fd.close();
                throw e;
            }
            return new KernelLog(fd, null);
        } catch (IOException e) {
            return new KernelLog(null, "cannot read the kernel log (" + e.getMessage() + "); run as root");
        }
    }

    /** Null when the log is readable, else why not. */
    public String unavailable() {
        return unavailable;
    }

    /** Records lost to overwriting since the lab started. */
    public synchronized long lost() {
        drain();
        return lost;
    }

    /** A position to ask {@link #since} from. */
    public synchronized int mark() {
        drain();
        return lines.size();
    }

    /** The lines logged since {@code mark} that name one of {@code devices} (e.g. "loop3") as a whole word. */
    public synchronized List<Line> since(int mark, Collection<String> devices) {
        drain();
        if (devices.isEmpty()) {
            return List.of();
        }
        Pattern p = Pattern.compile(
                "\\b(" + String.join("|", devices.stream().map(Pattern::quote).toList()) + ")\\b");
        List<Line> out = new ArrayList<>();
        for (int i = Math.min(mark, lines.size()); i < lines.size(); i++) {
            if (p.matcher(lines.get(i).text()).find()) {
                out.add(lines.get(i));
            }
        }
        return out;
    }

    /** The lines logged since {@code mark} whose text {@code which} accepts (a trace's clock probe, say). */
    public synchronized List<Line> matching(int mark, java.util.function.Predicate<String> which) {
        drain();
        List<Line> out = new ArrayList<>();
        for (int i = Math.min(mark, lines.size()); i < lines.size(); i++) {
            if (which.test(lines.get(i).text())) {
                out.add(lines.get(i));
            }
        }
        return out;
    }

    private void drain() {
        if (fd == null) {
            return;
        }
        while (true) {
            long n = fd.read(buf);
            if (n == -Errno.EPIPE) {
                lost++; // the ring buffer wrapped past us; the next read continues with the oldest record left
                continue;
            }
            if (n <= 0) {
                return; // -EAGAIN: read everything there is
            }
            parse(new String(buf.asSlice(0, n).toArray(ValueLayout.JAVA_BYTE), StandardCharsets.UTF_8))
                    .ifPresent(l -> {
                        if (lines.size() < MAX_LINES) {
                            lines.add(l);
                        } else {
                            lost++;
                        }
                    });
        }
    }

    /** "4,1234,5678901,-;BTRFS warning (device loop0): csum failed ..." → (5678901, "BTRFS warning ...") */
    static java.util.Optional<Line> parse(String record) {
        int semi = record.indexOf(';');
        if (semi < 0) {
            return java.util.Optional.empty();
        }
        String[] head = record.substring(0, semi).split(",");
        String text = record.substring(semi + 1);
        int nl = text.indexOf('\n');
        text = nl < 0 ? text : text.substring(0, nl); // continuation lines (" KEY=value") are metadata
        long micros;
        try {
            micros = head.length > 2 ? Long.parseLong(head[2]) : 0;
        } catch (NumberFormatException e) {
            micros = 0;
        }
        return java.util.Optional.of(new Line(micros, text));
    }

    @Override
    public synchronized void close() {
        if (fd != null) {
            fd.close();
        }
        arena.close();
    }
}
