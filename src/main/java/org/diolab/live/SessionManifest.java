package org.diolab.live;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The text inside a session's lock file: who made it (tool, format, session, host, user) and every file the session
 * created, with its device, inode and birth time (nanoseconds, -1 if unknown) and an optional note. The sweep removes a file only when a manifest it could lock lists it and the
 * name still points at that very inode.
 *
 * <pre>
 * dio-lab scratch lock 1
 * session 3f9a1c2b7d4e
 * host 5d1e...(machine-id) build-7
 * uid 1000
 * pid 4242
 * started 2025-01-01T10:00:00Z
 * file .dio-lab-3f9a1c2b7d4e-w0-m0 253:0 131075 1735725600123456789 layout=16m written
 * </pre>
 */
final class SessionManifest {
    static final String MAGIC = "dio-lab scratch lock 1";
    /** A manifest is small; a bigger "lock file" is not ours. */
    static final int MAX_BYTES = 1 << 20;

    /** One file of the session; {@code note} is free text for its user (a kept file's layout), may be empty. */
    record Entry(String name, long dev, long ino, long btime, String note) {
        boolean is(FileStat s) {
            return s.sameFile(dev, ino, btime);
        }
    }

    private final String session;
    private final HostIdentity host;
    private final int uid;
    private final long pid;
    private final Instant started;
    private final Map<String, Entry> files = new LinkedHashMap<>();

    SessionManifest(String session, HostIdentity host, int uid, long pid, Instant started) {
        this.session = session;
        this.host = host;
        this.uid = uid;
        this.pid = pid;
        this.started = started;
    }

    String session() {
        return session;
    }

    HostIdentity host() {
        return host;
    }

    int uid() {
        return uid;
    }

    List<Entry> files() {
        return new ArrayList<>(files.values());
    }

    Optional<Entry> file(String name) {
        return Optional.ofNullable(files.get(name));
    }

    void put(String name, FileStat id, String note) {
        String n = note == null ? "" : note.replaceAll("[\\r\\n]", " ");
        files.put(name, new Entry(name, id.dev(), id.ino(), id.btime(), n));
    }

    void remove(String name) {
        files.remove(name);
    }

    byte[] bytes() {
        StringBuilder sb = new StringBuilder(MAGIC).append('\n')
                .append("session ").append(session).append('\n')
                .append("host ").append(host.line()).append('\n')
                .append("uid ").append(Integer.toUnsignedString(uid)).append('\n')
                .append("pid ").append(pid).append('\n')
                .append("started ").append(started).append('\n');
        for (Entry e : files.values()) {
            sb.append("file ").append(e.name()).append(' ').append(e.dev() >>> 32).append(':')
                    .append(e.dev() & 0xffffffffL).append(' ').append(e.ino()).append(' ').append(e.btime());
            if (!e.note().isEmpty()) {
                sb.append(' ').append(e.note());
            }
            sb.append('\n');
        }
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** Parses a manifest; empty when the text is not exactly one of ours. */
    static Optional<SessionManifest> parse(byte[] bytes) {
        try {
            String[] lines = new String(bytes, StandardCharsets.UTF_8).split("\n", -1);
            if (lines.length < 7 || !lines[0].equals(MAGIC) || !lines[lines.length - 1].isEmpty()) {
                return Optional.empty();
            }
            String session = value(lines[1], "session");
            HostIdentity host = HostIdentity.parse(value(lines[2], "host")).orElseThrow();
            int uid = Integer.parseUnsignedInt(value(lines[3], "uid"));
            long pid = Long.parseLong(value(lines[4], "pid"));
            Instant started = Instant.parse(value(lines[5], "started"));
            SessionManifest m = new SessionManifest(session, host, uid, pid, started);
            for (int i = 6; i < lines.length - 1; i++) {
                String[] f = value(lines[i], "file").split(" ", 5);
                String[] dev = f[1].split(":");
                String name = f[0];
                if (ScratchFileName.parse(name).filter(n -> n.session().equals(session)).isEmpty()) {
                    return Optional.empty();
                }
                m.files.put(name, new Entry(name, Long.parseLong(dev[0]) << 32 | Long.parseLong(dev[1]),
                        Long.parseLong(f[2]), Long.parseLong(f[3]), f.length > 4 ? f[4] : ""));
            }
            return Optional.of(m);
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    private static String value(String line, String key) {
        if (!line.startsWith(key + " ")) {
            throw new IllegalArgumentException("expected " + key);
        }
        return line.substring(key.length() + 1);
    }
}
