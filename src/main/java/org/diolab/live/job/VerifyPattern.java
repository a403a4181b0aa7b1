package org.diolab.live.job;

import java.util.HexFormat;
import java.util.Locale;
import java.util.Objects;

/**
 * fio's pattern verify ({@code verify_pattern}, {@code verify_interval}, {@code verify=meta} or {@code pattern},
 * {@code do_verify}), byte for byte as fio 3.33 lays it out, so that fio and DIO Lab can check each other's files:
 * every written block is the pattern repeated from the I/O's first byte, and every {@code interval} bytes start with
 * fio's 40-byte verify header (magic 0xacca, the verify type, the interval, a seed, the interval's file offset, a
 * time, a thread, an I/O number, and a CRC32C of the header). A read checks magic, length, offset and header CRC, then
 * the pattern after the header; it does not check what only the writer knows (seed, time, I/O number), as fio does
 * not for a job that only reads. Unlike DIO Lab's own {@code --verify}, the check reads whatever an earlier job (or
 * fio) left in the file: a later {@code rw=read} job verifies what an earlier one wrote (fio's surface-scan).
 *
 * @param hex      the pattern's bytes in hex, in file order ("" when the job has no pattern)
 * @param interval bytes per header (fio's verify_interval; 0: the block size)
 * @param check    whether reads are checked (fio's do_verify; a write job is read back after it ends)
 * @param meta     fio's verify=meta (header type 1), else verify=pattern (type 17); the layout is the same
 */
public record VerifyPattern(String hex, long interval, boolean check, boolean meta) {
    /** fio 3.33's struct verify_header: 40 bytes. */
    public static final int HEADER = 40;
    /** fio caps verify_pattern at 512 bytes. */
    public static final int MAX_PATTERN = 512;

    public static final VerifyPattern NONE = new VerifyPattern("", 0, true, false);

    public VerifyPattern {
        Objects.requireNonNull(hex, "hex");
        if (interval < 0) {
            throw LiveRefusal.badOption("verify_interval must be 0 or more bytes");
        }
    }

    /** fio's verify_pattern: {@code 0x} and hex digits, the bytes in the order written (0xaa555aa5: aa 55 5a a5). */
    public static String parse(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        if (!(t.startsWith("0x") && t.length() > 2 && t.substring(2).matches("[0-9a-f]+"))) {
            throw LiveRefusal.badOption("verify_pattern=" + text + ": DIO Lab takes a hex pattern (0xaa555aa5); fio's"
                    + " numbers, quoted strings and %o formats are not supported");
        }
        String hex = t.length() % 2 == 1 ? "0" + t.substring(2) : t.substring(2);
        if (hex.length() / 2 > MAX_PATTERN) {
            throw LiveRefusal.badOption("verify_pattern is longer than " + MAX_PATTERN + " bytes");
        }
        return hex;
    }

    /**
     * What a pattern job cannot be: one whose bytes DIO Lab's own pattern chooses ({@code ownPattern}: dedupe,
     * compression, --verify, --csum), one of several block sizes (the headers' interval follows one), or a writing
     * job that checks (fio reads its writes back in the same job; DIO Lab checks them in a later {@code rw=read}
     * job, as fio's surface-scan does with do_verify=0 on its writer).
     */
    void checkJob(RwPattern rw, AccessPattern access, boolean ownPattern) {
        if (!active()) {
            return;
        }
        if (ownPattern) {
            throw LiveRefusal.badOption("verify_pattern chooses the bytes written and checks what is in the file;"
                    + " dedupe, compression, --verify and --csum need DIO Lab's own pattern: use one or the other");
        }
        if (!access.split().isNone()) {
            throw LiveRefusal.badOption("verify_pattern with bssplit: DIO Lab lays fio's headers on one block size");
        }
        if (check && rw.writes()) {
            throw LiveRefusal.badOption("verify_pattern on a writing job checks nothing in DIO Lab: give it"
                    + " do_verify=0 and check the file in a later rw=read job (do_verify=1), as fio's surface-scan"
                    + " does");
        }
    }

    public boolean active() {
        return !hex.isEmpty();
    }

    public byte[] bytes() {
        return HexFormat.of().parseHex(hex);
    }

    /** fio's header type: VERIFY_HDR_ONLY (meta) or VERIFY_PATTERN. */
    public int type() {
        return meta ? 1 : 17;
    }

    /**
     * The interval fio uses for blocks of {@code bs}: the block when none is given or it is larger; the greatest
     * common divisor when it does not divide the block (fio's init.c does both).
     */
    public long intervalFor(long bs) {
        if (interval == 0 || interval > bs) {
            return bs;
        }
        return bs % interval == 0
                ? interval
                : java.math.BigInteger.valueOf(bs)
                        .gcd(java.math.BigInteger.valueOf(interval))
                        .longValueExact();
    }

    public VerifyPattern withHex(String h) {
        return new VerifyPattern(h, interval, check, meta);
    }

    public VerifyPattern withInterval(long i) {
        return new VerifyPattern(hex, i, check, meta);
    }

    public VerifyPattern withCheck(boolean c) {
        return new VerifyPattern(hex, interval, c, meta);
    }

    public VerifyPattern withMeta(boolean m) {
        return new VerifyPattern(hex, interval, check, m);
    }
}
