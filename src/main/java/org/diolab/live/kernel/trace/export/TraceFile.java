package org.diolab.live.kernel.trace.export;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.diolab.live.kernel.trace.meaning.ClockAlignment;
import org.diolab.live.kernel.trace.meaning.Failure;
import org.diolab.live.kernel.trace.meaning.FailurePicker;
import org.diolab.live.kernel.trace.meaning.KernelLogLine;
import org.diolab.live.kernel.trace.meaning.LabDevices;
import org.diolab.live.kernel.trace.meaning.Look;
import org.diolab.live.kernel.trace.meaning.TraceReading;
import org.diolab.live.kernel.trace.text.DevNum;
import org.diolab.live.kernel.trace.text.FtraceParser;
import org.diolab.live.kernel.trace.text.FtraceText;
import org.diolab.live.kernel.trace.view.TraceStory;

/**
 * The lab's {@code SCENARIO.ftrace.txt} as a file that can be read back on its own: the kernel's text (which
 * Perfetto reads, skipping comment lines) with comment lines for what the events alone do not carry, the lab's
 * devices and the kernel log lines of the recording, on the same clock:
 *
 * <pre>
 * # dio-lab scenario false-csum-read
 * # dio-lab title A false checksum error on a direct read
 * # dio-lab look EIO_READS
 * # dio-lab shows each EIO read: iomap's submit, the bio on the loop device, ...
 * # dio-lab finding 12 of 1,391 direct reads ended in EIO while the lab recorded; the first kept, ...
 * # dio-lab device block 7:0 loop0: leg 0
 * # dio-lab device fs 0:40 btrfs on loop0
 * # dio-lab kmsg 2533280679 BTRFS warning (device loop0): csum failed root 5 ino 257 off 55443456 ...
 * </pre>
 *
 * so a view (or a test) opens a recorded trace exactly as the lab read it when it recorded.
 */
public final class TraceFile {
    static final String NOTE = "# dio-lab ";
    /** The most a trace file read back may hold: the lab's recordings are bounded far below this. */
    static final long MAX_BYTES = 256L << 20;

    /** What the lab says about a recording besides its events: the scenario, what to look for, what it showed. */
    public record About(String scenario, String title, Look look, String shows, String finding) {}

    /** What a trace file holds. */
    public record Contents(About about, FtraceText text, LabDevices devices, List<KernelLogLine> log) {
        public Contents {
            log = List.copyOf(log);
        }

        /**
         * The recording read as the lab reads it: log lines on the trace clock as they are (the lab records with
         * trace clock {@code perf}, printk's local_clock(); a clock probe only checks it).
         */
        public TraceReading reading() {
            return TraceReading.of(text, devices, log, ClockAlignment.sameClock());
        }

        /** The picks of the recording, as the lab picks them for its look ({@link FailurePicker#forLook}). */
        public List<Failure> failures(TraceReading r) {
            return FailurePicker.forLook(about.look(), r);
        }

        /** The app's picture of it: every pick as a view. */
        public TraceStory story() {
            TraceReading r = reading();
            return TraceStory.of(
                    about.scenario(), about.title(), about.shows(), about.finding(), failures(r), r.lost(), r.gaps());
        }
    }

    private TraceFile() {}

    /** The comment lines for a recording: what it is about, the lab's devices, the kernel log lines. */
    public static List<String> notes(About about, LabDevices devices, List<KernelLogLine> log) {
        List<String> out = new ArrayList<>();
        out.add(NOTE + "scenario " + about.scenario());
        out.add(NOTE + "title " + oneLine(about.title()));
        out.add(NOTE + "look " + about.look().name());
        out.add(NOTE + "shows " + oneLine(about.shows()));
        out.add(NOTE + "finding " + oneLine(about.finding()));
        devices.blockDevices().forEach((d, label) -> out.add(NOTE + "device block " + d + " " + oneLine(label)));
        devices.filesystems().forEach((d, label) -> out.add(NOTE + "device fs " + d + " " + oneLine(label)));
        for (KernelLogLine l : log) {
            out.add(NOTE + "kmsg " + l.micros() + " " + oneLine(l.text()));
        }
        return out;
    }

    /** Reads a trace file ({@code SCENARIO.ftrace.txt}) back; refuses one larger than {@value #MAX_BYTES} bytes. */
    public static Contents read(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            byte[] b = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, MAX_BYTES + 1));
            if (b.length > MAX_BYTES) {
                throw new IOException(file + " is larger than " + (MAX_BYTES >> 20) + " MiB: not a lab trace");
            }
            return read(List.of(new String(b, StandardCharsets.UTF_8).split("\n", -1)));
        }
    }

    /** The same from its lines. */
    public static Contents read(List<String> lines) {
        String scenario = "";
        String title = "";
        Look look = Look.EIO_READS;
        String shows = "";
        String finding = "";
        Map<DevNum, String> blocks = new LinkedHashMap<>();
        Map<DevNum, String> fss = new LinkedHashMap<>();
        List<KernelLogLine> log = new ArrayList<>();
        for (String line : lines) {
            if (!line.startsWith(NOTE)) {
                continue;
            }
            String[] w = line.substring(NOTE.length()).split(" ", 4);
            String rest = line.substring(NOTE.length() + w[0].length()).strip();
            try {
                switch (w[0]) {
                    case "scenario" -> scenario = rest;
                    case "title" -> title = rest;
                    case "look" -> look = Look.valueOf(rest);
                    case "shows" -> shows = rest;
                    case "finding" -> finding = rest;
                    case "device" -> {
                        if (w.length == 4) {
                            (w[1].equals("fs") ? fss : blocks).put(DevNum.parse(w[2]), w[3]);
                        }
                    }
                    case "kmsg" -> {
                        String[] k = line.substring(NOTE.length() + 5).split(" ", 2);
                        log.add(new KernelLogLine(Long.parseLong(k[0]), k.length > 1 ? k[1] : ""));
                    }
                    default -> {}
                }
            } catch (IllegalArgumentException e) {
                // a note this reader does not understand is skipped, as Perfetto skips all of them
            }
        }
        return new Contents(
                new About(scenario, title, look, shows, finding),
                FtraceParser.parse(lines),
                new LabDevices(blocks, fss),
                log);
    }

    private static String oneLine(String s) {
        return s.replace('\n', ' ').replace('\r', ' ');
    }
}
