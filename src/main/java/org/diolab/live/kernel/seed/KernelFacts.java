package org.diolab.live.kernel.seed;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.zip.GZIPInputStream;

/**
 * What the running kernel was built with, as far as the seed rows care: CONFIG_BTRFS_EXPERIMENTAL (S004's async
 * checksum), read from /proc/config.gz or /boot/config-RELEASE; empty when neither can be read.
 *
 * @param release the kernel release (uname -r)
 */
public record KernelFacts(String release, Optional<Boolean> btrfsExperimental) {
    /** The running kernel's. */
    public static KernelFacts current() {
        String release = System.getProperty("os.version", "unknown");
        return new KernelFacts(release, experimental(config(release)));
    }

    /** How the report says what it knows of CONFIG_BTRFS_EXPERIMENTAL: "is not set in this kernel's config". */
    String experimentalSaid() {
        return btrfsExperimental
                .map(on -> on ? "is set" : "is not set in this kernel's config")
                .orElse("cannot be read here (no /proc/config.gz or /boot/config-" + release + ")");
    }

    /** The option's state from a kernel config's text: "=y"/"=m" set, "is not set" or absent not. */
    static Optional<Boolean> experimental(Optional<String> config) {
        return config.map(c -> c.lines()
                .anyMatch(l -> l.equals("CONFIG_BTRFS_EXPERIMENTAL=y") || l.equals("CONFIG_BTRFS_EXPERIMENTAL=m")));
    }

    private static Optional<String> config(String release) {
        Path gz = Path.of("/proc/config.gz");
        try (InputStream in = new GZIPInputStream(Files.newInputStream(gz))) {
            return Optional.of(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            // fall through to /boot
        }
        try {
            return Optional.of(Files.readString(Path.of("/boot/config-" + release)));
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
