package org.diolab.live.job;

/**
 * Which CRC32C implementation computes checksums: the JDK's, which HotSpot compiles to the CPU's CRC instructions,
 * or a plain one-table software loop, standing in for the seeds' {@code kvm64} VM whose CPU model hid them (S003).
 */
public enum CsumImpl {
    HW("hw"),
    SW("sw");

    private final String cliName;

    CsumImpl(String cliName) {
        this.cliName = cliName;
    }

    public String cliName() {
        return cliName;
    }

    public static CsumImpl parse(String s) {
        for (CsumImpl m : values()) {
            if (m.cliName.equalsIgnoreCase(s.trim())) {
                return m;
            }
        }
        throw LiveRefusal.badOption("unknown csum-impl '" + s + "'; use hw or sw");
    }
}
