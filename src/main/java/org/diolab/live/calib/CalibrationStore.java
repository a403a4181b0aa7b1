package org.diolab.live.calib;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Optional;
import org.diolab.io.BoundedText;
import org.diolab.io.UnreadableText;
import org.diolab.live.scratch.SessionLock;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.json.JsonMapper;

/**
 * Where calibrations live between runs: {@code $XDG_CONFIG_HOME/dio-lab/calibration.json}, else
 * {@code ~/.config/dio-lab/calibration.json}, as JSON the perf model and the app read back.
 */
public final class CalibrationStore {
    static final JsonMapper MAPPER = JsonMapper.builder()
            .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .build();

    private CalibrationStore() {}

    public static Path defaultPath() {
        String xdg = System.getenv("XDG_CONFIG_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".config");
        return base.resolve("dio-lab").resolve("calibration.json");
    }

    public static String toJson(Calibration c) {
        return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(c);
    }

    /**
     * Writes {@code c} to {@code file} atomically: into a new temporary file beside it (created with O_EXCL and
     * O_NOFOLLOW under a random name, so nothing planted there is followed or overwritten), then renamed over
     * {@code file} (rename replaces a symlink at {@code file}, it never writes through it). Readers never see half
     * a file.
     */
    public static void save(Calibration c, Path file) throws IOException {
        Path target = file.toAbsolutePath();
        Path parent = target.getParent();
        Files.createDirectories(parent);
        byte[] json = toJson(c).getBytes(StandardCharsets.UTF_8);
        Path tmp = null;
        for (int attempt = 0; tmp == null; attempt++) {
            Path candidate = parent.resolve("." + target.getFileName() + "." + SessionLock.newSessionId() + ".tmp");
            try (FileChannel ch = FileChannel.open(
                    candidate, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS)) {
                tmp = candidate;
                ch.write(ByteBuffer.wrap(json));
                ch.force(true);
            } catch (FileAlreadyExistsException e) {
                if (attempt >= 8) {
                    throw e;
                }
            } catch (IOException | RuntimeException e) {
                if (tmp != null) {
                    Files.deleteIfExists(tmp);
                }
                throw e;
            }
        }
        try {
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(tmp);
            throw e;
        }
    }

    /** The saved calibration, or empty when there is none or it cannot be read (then calibrate again). */
    public static Optional<Calibration> load(Path file) {
        try {
            return Optional.of(
                    MAPPER.readValue(BoundedText.read(file, 1 << 16, "calibration files"), Calibration.class));
        } catch (UnreadableText | JacksonException e) {
            return Optional.empty();
        }
    }
}
