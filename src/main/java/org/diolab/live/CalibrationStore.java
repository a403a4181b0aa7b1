package org.diolab.live;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.json.JsonMapper;

/**
 * Where calibrations live between runs: {@code $XDG_CONFIG_HOME/dio-lab/calibration.json}, else
 * {@code ~/.config/dio-lab/calibration.json}, as JSON the perf model and the app read back.
 */
public final class CalibrationStore {
    static final JsonMapper MAPPER = JsonMapper.builder()
            .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE).build();

    private CalibrationStore() {
    }

    public static Path defaultPath() {
        String xdg = System.getenv("XDG_CONFIG_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".config");
        return base.resolve("dio-lab").resolve("calibration.json");
    }

    public static String toJson(Calibration c) {
        return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(c);
    }

    public static void save(Calibration c, Path file) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.writeString(tmp, toJson(c));
        Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                java.nio.file.StandardCopyOption.ATOMIC_MOVE); // readers never see half a file
    }

    /** The saved calibration, or empty when there is none or it cannot be read (then calibrate again). */
    public static Optional<Calibration> load(Path file) {
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            return Optional.of(MAPPER.readValue(file, Calibration.class));
        } catch (JacksonException e) {
            return Optional.empty();
        }
    }
}
