package org.diolab.live.scratch;

import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The names of the files DIO Lab creates in a scratch directory. A name alone proves nothing (anyone can create
 * {@code .dio-lab-anything}); ownership is decided by the session's lock file ({@link SessionLock}), which lists each
 * file with its device and inode. The names only keep sessions apart and make the files easy to spot:
 * <ul>
 *   <li>{@code .dio-lab-<session>.lock}: a session's lock and manifest; {@code <session>} is 12 random hex digits;</li>
 *   <li>{@code .dio-lab-<session>-<tag>}: the session's files ({@code w0-m0}: worker 0, mirror 0; {@code probe},
 *       {@code flags}: short-lived probes), removed when the session ends;</li>
 *   <li>{@code .dio-lab-kept.lock} and {@code .dio-lab-kept-<tag>}: files laid out once and kept between runs for
 *       reuse ({@code --keep-files}); a run uses them only while it holds that lock, and the stale-file sweep never
 *       removes them unless asked to.</li>
 * </ul>
 */
record ScratchFileName(String session, String tag) {
    static final String PREFIX = ".dio-lab-";
    static final String KEPT = "kept";
    static final String LOCK_SUFFIX = ".lock";
    private static final String TAG = "[a-z0-9][a-z0-9.-]{0,63}";
    private static final String SESSION = "[0-9a-f]{12}|" + KEPT;
    private static final Pattern FILE = Pattern.compile("\\.dio-lab-(" + SESSION + ")-(" + TAG + ")");
    private static final Pattern LOCK = Pattern.compile("\\.dio-lab-(" + SESSION + ")\\.lock");
    private static final SecureRandom RANDOM = new SecureRandom();

    ScratchFileName {
        if (!session.matches(SESSION)) {
            throw new IllegalArgumentException("bad scratch session id " + session);
        }
        if (!tag.matches(TAG) || tag.endsWith(LOCK_SUFFIX)) {
            throw new IllegalArgumentException("bad scratch tag " + tag);
        }
    }

    /** A fresh session id: 48 random bits, so two sessions (in any PID namespace, on any host) never collide. */
    static String newSession() {
        byte[] b = new byte[6];
        RANDOM.nextBytes(b);
        return HexFormat.of().formatHex(b);
    }

    String fileName() {
        return PREFIX + session + "-" + tag;
    }

    static String lockName(String session) {
        return PREFIX + session + LOCK_SUFFIX;
    }

    /** The session a lock file name belongs to, if it is one. */
    static Optional<String> lockSession(String fileName) {
        Matcher m = LOCK.matcher(fileName);
        return m.matches() ? Optional.of(m.group(1)) : Optional.empty();
    }

    /** Parses a data file name; anything that is not exactly our pattern is not ours. */
    static Optional<ScratchFileName> parse(String fileName) {
        Matcher m = FILE.matcher(fileName);
        return m.matches() ? Optional.of(new ScratchFileName(m.group(1), m.group(2))) : Optional.empty();
    }
}
