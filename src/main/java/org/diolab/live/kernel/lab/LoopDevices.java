package org.diolab.live.kernel.lab;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.diolab.live.scratch.ScratchFile;
import org.diolab.sys.Errno;
import org.diolab.sys.Fd;
import org.diolab.sys.FileId;
import org.diolab.sys.Ioctl;
import org.diolab.sys.LibC;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Loop devices: attach one of the lab's images by its held descriptor ({@code LOOP_CONFIGURE}, so the device is
 * backed by exactly the file the lab created, whatever its name points at by then), list which file backs each
 * device ({@code losetup --list}), detach. A device is detached only when the kernel says it is backed by one of the
 * lab's images (same filesystem device and inode), so a device someone else attached, even over a file of the same
 * name, is never touched.
 */
public final class LoopDevices {
    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Duration LIMIT = Duration.ofSeconds(30);
    private static final int ATTACH_ATTEMPTS = 32;

    /** One attached loop device and the file the kernel says backs it. */
    record Loop(String device, String backingFile, FileId backing, boolean directIo) {
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
        Exec.Result r = Exec.check(
                List.of(losetup.toString(), "--list", "--json", "--output", "NAME,BACK-FILE,BACK-INO,BACK-MAJ:MIN,DIO"),
                LIMIT);
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
                out.add(new Loop(
                        d.path("name").asString(""),
                        d.path("back-file").asString(""),
                        FileId.parse(majMin, ino),
                        dio.isBoolean() ? dio.asBoolean() : dio.asString("").equals("1")));
            }
        } catch (JacksonException | IllegalArgumentException e) {
            throw new IOException("cannot read losetup's device list: " + e.getMessage(), e);
        }
        return out;
    }

    /** The attached devices backed by {@code image} (same device and inode). */
    List<Loop> backedBy(FileId image) throws IOException {
        List<Loop> out = new ArrayList<>();
        for (Loop l : list()) {
            if (l.backing().sameFile(image)) {
                out.add(l);
            }
        }
        return out;
    }

    /**
     * Attaches {@code image} to a free loop device through the descriptor the lab holds (never its name), then checks
     * the kernel lists the device as backed by it.
     *
     * @param directIo loop I/O goes to the backing file with O_DIRECT, so the device is the disk under the scratch
     *                 directory rather than its page cache; dropped where the backing filesystem refuses it
     */
    Loop attach(ScratchFile image, boolean directIo) throws IOException {
        return attach(image, directIo, LoopDevices::getFree);
    }

    /** Which loop device is free now: a number, or minus errno. Another process may take it before the lab does. */
    @FunctionalInterface
    interface FreeDevice {
        int next() throws IOException;
    }

    /** LOOP_CTL_GET_FREE: the kernel's first free device (creating one if needed). */
    static int getFree() throws IOException {
        try (Fd ctl = Fd.open(Path.of("/dev/loop-control"), LibC.O_RDWR)) {
            return ctl.ioctl(Ioctl.LOOP_CTL_GET_FREE, MemorySegment.NULL);
        }
    }

    /**
     * As {@link #attach(ScratchFile, boolean)} with the free device chosen by {@code free}: a device that another
     * process configures between the choice and the lab's LOOP_CONFIGURE (EBUSY) is left alone and another free one
     * asked for, up to {@value #ATTACH_ATTEMPTS} times.
     */
    Loop attach(ScratchFile image, boolean directIo, FreeDevice free) throws IOException {
        boolean dio = directIo;
        String last = "";
        for (int attempt = 0; attempt < ATTACH_ATTEMPTS; attempt++) {
            int n = free.next();
            if (n < 0) {
                throw new IOException("no free loop device: " + Errno.name(-n) + " (modprobe loop)");
            }
            String device = "/dev/loop" + n;
            int r = configure(device, image, dio);
            if (r == -Errno.EBUSY || r == -Errno.ENOENT) {
                last = device + ": " + Errno.name(-r);
                continue; // another process took it first, or its node is not there yet: ask again
            }
            if (r == -Errno.EINVAL && dio) {
                dio = false; // the backing filesystem refuses O_DIRECT (tmpfs): read through its page cache
                continue;
            }
            if (r < 0) {
                throw new IOException("cannot attach " + image.path() + " to " + device + ": "
                        + Errno.name(-r)
                        + (r == -Errno.ENOTTY || r == -Errno.EINVAL
                                ? " (loop devices need Linux 5.8 or newer here)"
                                : ""));
            }
            Optional<Loop> attached = backedBy(image.id()).stream()
                    .filter(l -> l.device().equals(device))
                    .findFirst();
            if (attached.isEmpty()) {
                throw new IOException(device + " was attached to " + image.path() + ", but the kernel does not list"
                        + " it as backed by that file");
            }
            return attached.get();
        }
        throw new IOException("no free loop device stayed free long enough to attach " + image.path() + " ("
                + ATTACH_ATTEMPTS + " tries; other processes took each one first; last: " + last + ")");
    }

    /** LOOP_CONFIGURE on {@code device} with a fresh descriptor of {@code image}; 0 or minus errno. */
    private static int configure(String device, ScratchFile image, boolean directIo) throws IOException {
        Fd loop;
        try {
            loop = Fd.open(Path.of(device), LibC.O_RDWR);
        } catch (IOException e) {
            return -Errno.ENOENT;
        }
        try (loop;
                Fd backing = image.open(false, true);
                Arena a = Arena.ofConfined()) {
            MemorySegment config = a.allocate(Ioctl.LOOP_CONFIG_SIZE, 8);
            config.set(ValueLayout.JAVA_INT, 0, backing.fd());
            config.set(ValueLayout.JAVA_INT, Ioctl.LOOP_CONFIG_FLAGS, directIo ? Ioctl.LO_FLAGS_DIRECT_IO : 0);
            byte[] name = image.path().toString().getBytes(StandardCharsets.UTF_8);
            MemorySegment.copy(
                    name,
                    0,
                    config,
                    ValueLayout.JAVA_BYTE,
                    Ioctl.LOOP_CONFIG_FILE_NAME,
                    Math.min(name.length, Ioctl.LO_NAME_SIZE - 1));
            return loop.ioctl(Ioctl.LOOP_CONFIGURE, config);
        }
    }

    /** Detaches {@code loop} after checking, again, that it is still backed by the image it was attached to. */
    void detach(Loop loop) throws IOException {
        boolean stillOurs =
                backedBy(loop.backing()).stream().anyMatch(l -> l.device().equals(loop.device()));
        if (stillOurs) {
            Exec.check(List.of(losetup.toString(), "--detach", loop.device()), LIMIT);
        }
    }
}
