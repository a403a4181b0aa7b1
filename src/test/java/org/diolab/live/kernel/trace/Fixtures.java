package org.diolab.live.kernel.trace;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.diolab.live.kernel.trace.meaning.KernelLogLine;
import org.diolab.live.kernel.trace.meaning.LabDevices;
import org.diolab.live.kernel.trace.text.DevNum;

/**
 * The recorded fixtures: text recorded on this project's machine (Linux 6.18.44) by {@link FixtureRecorder} and by
 * hand, trimmed but not edited. false-csum-read: a btrfs SINGLE on loop0 (7:0), its superblock device 0:40, S000's
 * reads racing a scribbler; reads 13, 14 and 15 failed with EIO.
 */
public final class Fixtures {
    public static final LabDevices DEVICES =
            new LabDevices(Map.of(new DevNum(7, 0), "loop0: the device"), Map.of(new DevNum(0, 40), "btrfs on loop0"));
    private static final Pattern DMESG_RAW = Pattern.compile("^<\\d+>\\[\\s*(\\d+)\\.(\\d{6})\\] (.*)$");

    private Fixtures() {}

    public static List<String> lines(String name) throws IOException {
        try (InputStream in = Fixtures.class.getResourceAsStream("/kernel-trace/" + name)) {
            if (in == null) {
                throw new IOException("no fixture " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        }
    }

    /** {@code dmesg -r} lines ("<4>[ 2533.280679] BTRFS warning ...") as log lines. */
    public static List<KernelLogLine> kmsg(String name) throws IOException {
        List<KernelLogLine> out = new ArrayList<>();
        for (String l : lines(name)) {
            Matcher m = DMESG_RAW.matcher(l);
            if (m.matches()) {
                out.add(new KernelLogLine(
                        Long.parseLong(m.group(1)) * 1_000_000 + Long.parseLong(m.group(2)), m.group(3)));
            }
        }
        return out;
    }
}
