package org.diolab.live.scratch;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.diolab.sys.FileId;
import org.diolab.sys.FileStat;

/**
 * The text inside a session's lock file: who made it (tool, format, session, host, user), which tool's teardown must
 * run before its files go (none for plain scratch files), every file and directory the session created, with its
 * device, inode and birth time (nanoseconds, -1 if unknown) and an optional note, and what it claimed outside the
 * directory (loop devices, mounts), one line each. The sweep removes a file only when a manifest it could lock lists
 * it and the name still points at that very inode.
 *
 * <pre>
 * dio-lab scratch lock 1
 * session 3f9a1c2b7d4e
 * host 5d1e...(machine-id) build-7
 * uid 1000
 * pid 4242
 * started 2025-01-01T10:00:00Z
 * teardown kernel-lab
 * file .dio-lab-3f9a1c2b7d4e-w0-m0 253:0 131075 1735725600123456789 layout=16m written
 * dir .dio-lab-3f9a1c2b7d4e-work-csum 253:0 131080 1735725600223456789
 * file .dio-lab-3f9a1c2b7d4e-work-csum/datasum 253:0 131081 1735725600323456789
 * claim loop /dev/loop3 .dio-lab-3f9a1c2b7d4e-raid1-0.img
 * </pre>
 *
 * Names are the session's own ({@code .dio-lab-<session>-<tag>}), or one level inside a directory the session
 * recorded before ({@code <that directory>/<name>}). Anything else, or any line this version does not know, makes the
 * whole file "not ours": an older DIO Lab leaves a newer one's sessions alone.
 */
final class SessionManifest {
    static final String MAGIC = "dio-lab scratch lock 1";
    /** A manifest is small; a bigger "lock file" is not ours. */
    static final int MAX_BYTES = 1 << 20;

    private static final Pattern TEARDOWN = Pattern.compile("[a-z0-9][a-z0-9-]{0,31}");
    private static final Pattern CHILD = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,127}");
    private static final Pattern CLAIM = Pattern.compile("[\\p{Graph} ]{1,512}");

    /**
     * One file or directory of the session; {@code note} is free text for its user (a kept file's layout), may be
     * empty.
     */
    record Entry(String name, long dev, long ino, long btime, String note, boolean directory) {
        boolean is(FileStat s) {
            return s.sameFile(dev, ino, btime) && (directory ? s.isDirectory() : s.isRegularFile());
        }

        /** The directory this entry is in, when it is inside one of the session's directories. */
        Optional<String> parent() {
            int slash = name.indexOf('/');
            return slash < 0 ? Optional.empty() : Optional.of(name.substring(0, slash));
        }

        /** Its name inside its directory. */
        String leaf() {
            return name.substring(name.indexOf('/') + 1);
        }

        FileId id() {
            return new FileId((int) (dev >>> 32), (int) dev, ino, btime);
        }
    }

    private final String session;
    private final HostIdentity host;
    private final int uid;
    private final long pid;
    private final Instant started;
    private final String teardown;
    private final Map<String, Entry> files = new LinkedHashMap<>();
    private final List<String> claims = new ArrayList<>();

    SessionManifest(String session, HostIdentity host, int uid, long pid, Instant started) {
        this(session, host, uid, pid, started, null);
    }

    SessionManifest(String session, HostIdentity host, int uid, long pid, Instant started, String teardown) {
        if (teardown != null && !TEARDOWN.matcher(teardown).matches()) {
            throw new IllegalArgumentException("bad teardown name " + teardown);
        }
        this.session = session;
        this.host = host;
        this.uid = uid;
        this.pid = pid;
        this.started = started;
        this.teardown = teardown;
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

    /** The tool whose teardown must run before this session's files are removed, if any. */
    Optional<String> teardown() {
        return Optional.ofNullable(teardown);
    }

    List<Entry> files() {
        return new ArrayList<>(files.values());
    }

    Optional<Entry> file(String name) {
        return Optional.ofNullable(files.get(name));
    }

    List<String> claims() {
        return List.copyOf(claims);
    }

    void put(String name, FileStat id, String note) {
        String n = note == null ? "" : note.replaceAll("[\\r\\n]", " ");
        if (!validName(name, id.isDirectory())) {
            throw new IllegalArgumentException("not a name of session " + session + ": " + name);
        }
        files.put(name, new Entry(name, id.dev(), id.ino(), id.btime(), n, id.isDirectory()));
    }

    void remove(String name) {
        files.remove(name);
    }

    void claim(String text) {
        if (!CLAIM.matcher(text).matches()) {
            throw new IllegalArgumentException("a claim is one line of printable text: " + text);
        }
        claims.add(text);
    }

    void unclaim(String text) {
        claims.remove(text);
    }

    byte[] bytes() {
        StringBuilder sb = new StringBuilder(MAGIC)
                .append('\n')
                .append("session ")
                .append(session)
                .append('\n')
                .append("host ")
                .append(host.line())
                .append('\n')
                .append("uid ")
                .append(Integer.toUnsignedString(uid))
                .append('\n')
                .append("pid ")
                .append(pid)
                .append('\n')
                .append("started ")
                .append(started)
                .append('\n');
        if (teardown != null) {
            sb.append("teardown ").append(teardown).append('\n');
        }
        for (Entry e : files.values()) {
            sb.append(e.directory() ? "dir " : "file ")
                    .append(e.name())
                    .append(' ')
                    .append(e.dev() >>> 32)
                    .append(':')
                    .append(e.dev() & 0xffffffffL)
                    .append(' ')
                    .append(e.ino())
                    .append(' ')
                    .append(e.btime());
            if (!e.note().isEmpty()) {
                sb.append(' ').append(e.note());
            }
            sb.append('\n');
        }
        claims.forEach(c -> sb.append("claim ").append(c).append('\n'));
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
            int i = 6;
            String teardown = lines[i].startsWith("teardown ") ? value(lines[i++], "teardown") : null;
            SessionManifest m = new SessionManifest(session, host, uid, pid, started, teardown);
            for (; i < lines.length - 1; i++) {
                if (lines[i].startsWith("claim ")) {
                    m.claim(value(lines[i], "claim"));
                    continue;
                }
                boolean dir = lines[i].startsWith("dir ");
                String[] f = value(lines[i], dir ? "dir" : "file").split(" ", 5);
                String[] dev = f[1].split(":");
                String name = f[0];
                if (!m.validName(name, dir) || m.files.containsKey(name)) {
                    return Optional.empty();
                }
                m.files.put(
                        name,
                        new Entry(
                                name,
                                Long.parseLong(dev[0]) << 32 | Long.parseLong(dev[1]),
                                Long.parseLong(f[2]),
                                Long.parseLong(f[3]),
                                f.length > 4 ? f[4] : "",
                                dir));
            }
            return Optional.of(m);
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * The session's own top-level name ({@code .dio-lab-<session>-<tag>}), or a plain name one level inside a
     * directory of the session recorded earlier (never a directory there: one level only).
     */
    private boolean validName(String name, boolean directory) {
        int slash = name.indexOf('/');
        if (slash < 0) {
            return ScratchFileName.parse(name)
                    .filter(n -> n.session().equals(session))
                    .isPresent();
        }
        String parent = name.substring(0, slash);
        String leaf = name.substring(slash + 1);
        Entry p = files.get(parent);
        return !directory && p != null && p.directory() && CHILD.matcher(leaf).matches();
    }

    private static String value(String line, String key) {
        if (!line.startsWith(key + " ")) {
            throw new IllegalArgumentException("expected " + key);
        }
        return line.substring(key.length() + 1);
    }
}
