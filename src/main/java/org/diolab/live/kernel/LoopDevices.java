package org.diolab.live.kernel;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Loop devices through {@code losetup}: attach an image, list which file backs each device, detach. A device is
 * detached only when the kernel says it is backed by one of the lab's images (same filesystem device and inode), so
 * a device someone else attached, even over a file of the same name, is never touched.
 */
final class LoopDevices {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Duration LIMIT = Duration.ofSeconds(30);

    /** One attached loop device and the file the kernel says backs it. */
    record Loop(String device, String backingFile, FileIdentity backing, boolean directIo) {
        /** "loop3", the name btrfs uses in its log lines and sysfs. */
        String name() {
            return Path.of(device).getFileName().toString();
        }
    }

    private final Path losetup;

    LoopDevices(Path losetup) {
        this.losetup = losetup;
    }

    /** Every attached loop device with its backing file. */
    List<Loop> list() throws IOException {
        Exec.Result r = Exec.check(List.of(losetup.toString(), "--list", "--json", "--output",
                "NAME,BACK-FILE,BACK-INO,BACK-MAJ:MIN,DIO"), LIMIT);
        return parse(r.out());
    }

    static List<Loop> parse(String json) throws IOException {
        List<Loop> out = new ArrayList<>();
        if (json.isBlank()) {
            return out; // losetup prints nothing when no device is attached
        }
        try {
            for (JsonNode d : JSON.readTree(json).path("loopdevices")) {
                String majMin = d.path("back-maj:min").asString("");
                String ino = d.path("back-ino").asString("");
                if (majMin.isBlank() || ino.isBlank()) {
                    continue;
                }
                JsonNode dio = d.path("dio");
                out.add(new Loop(d.path("name").asString(""), d.path("back-file").asString(""),
                        FileIdentity.parse(majMin, ino), dio.isBoolean() ? dio.asBoolean() : dio.asString("").equals("1")));
            }
        } catch (JacksonException | IllegalArgumentException e) {
            throw new IOException("cannot read losetup's device list: " + e.getMessage(), e);
        }
        return out;
    }

    /** The attached devices backed by {@code image}. */
    List<Loop> backedBy(FileIdentity image) throws IOException {
        List<Loop> out = new ArrayList<>();
        for (Loop l : list()) {
            if (l.backing().equals(image)) {
                out.add(l);
            }
        }
        return out;
    }

    /**
     * Attaches {@code image} to the first free loop device ({@code losetup --find --show}, which claims the device
     * atomically) and checks the kernel agrees which file backs it.
     *
     * @param directIo loop I/O goes to the backing file with O_DIRECT, so the device is the disk under the scratch
     *                 directory rather than its page cache; ignored where the backing filesystem refuses it
     */
    Loop attach(Path image, FileIdentity identity, boolean directIo) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(losetup.toString(), "--find", "--show"));
        if (directIo) {
            cmd.add("--direct-io=on");
        }
        cmd.add(image.toString());
        Exec.Result r = Exec.run(cmd, LIMIT);
        if (!r.ok() && directIo) {
            // The backing filesystem may refuse O_DIRECT (tmpfs); the loop then reads through its page cache.
            List<Loop> stray = backedBy(identity); // a device losetup attached before giving up on direct I/O
            for (Loop l : stray) {
                detach(l);
            }
            return attach(image, identity, false);
        }
        if (!r.ok()) {
            throw new IOException(r.describe() + " (are loop devices available? modprobe loop)");
        }
        String device = r.out().strip();
        Optional<Loop> attached = backedBy(identity).stream().filter(l -> l.device().equals(device)).findFirst();
        if (attached.isEmpty()) {
            throw new IOException("losetup attached " + image + " as '" + device + "', but the kernel does not list"
                    + " that device as backed by it");
        }
        return attached.get();
    }

    /** Detaches {@code loop} after checking, again, that it is still backed by the image it was attached to. */
    void detach(Loop loop) throws IOException {
        boolean stillOurs = backedBy(loop.backing()).stream().anyMatch(l -> l.device().equals(loop.device()));
        if (stillOurs) {
            Exec.check(List.of(losetup.toString(), "--detach", loop.device()), LIMIT);
        }
    }
}
