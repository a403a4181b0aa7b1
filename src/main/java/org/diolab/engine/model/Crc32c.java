package org.diolab.engine.model;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.zip.CRC32C;

/** Real CRC32C (the btrfs default data checksum) over a block's modelled bytes. */
public final class Crc32c {
    private Crc32c() {}

    public static long of(String bytes) {
        CRC32C crc = new CRC32C();
        crc.update(bytes.getBytes(StandardCharsets.ISO_8859_1));
        return crc.getValue();
    }

    /** Eight hex digits, as btrfs prints checksums. */
    public static String hex(long crc) {
        return HexFormat.of().toHexDigits((int) crc);
    }
}
