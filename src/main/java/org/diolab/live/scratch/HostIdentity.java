package org.diolab.live.scratch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Which machine a lock file was written on: {@code /etc/machine-id} (the same in every PID and mount namespace of
 * a host, and across reboots), else the host name. A lock written elsewhere (a directory shared over NFS) is never
 * taken as stale, because its owner's locks may not be visible from here.
 */
record HostIdentity(String machineId, String hostname) {
    static final HostIdentity SELF = probe();

    private static HostIdentity probe() {
        return new HostIdentity(
                first(Path.of("/etc/machine-id"))
                        .or(() -> first(Path.of("/var/lib/dbus/machine-id")))
                        .orElse("-"),
                first(Path.of("/proc/sys/kernel/hostname")).orElse("-"));
    }

    private static Optional<String> first(Path p) {
        try {
            if (!Files.isRegularFile(p) || Files.size(p) > 4096) {
                return Optional.empty();
            }
            String s = Files.readString(p).strip();
            return s.isEmpty() || !s.matches("[\\p{Graph}]+") ? Optional.empty() : Optional.of(s);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    boolean same(HostIdentity other) {
        if (!machineId.equals("-") && !other.machineId.equals("-")) {
            return machineId.equals(other.machineId);
        }
        return !hostname.equals("-") && hostname.equals(other.hostname);
    }

    String line() {
        return machineId + " " + hostname;
    }

    static Optional<HostIdentity> parse(String line) {
        String[] parts = line.split(" ");
        return parts.length == 2 ? Optional.of(new HostIdentity(parts[0], parts[1])) : Optional.empty();
    }
}
