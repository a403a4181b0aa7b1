package org.diolab.live.kernel.scenario;

/**
 * State a scenario changes that outlives its run, declared for every scenario in the registry ({@link Scenario}), so
 * nothing depends on a scenario's author remembering: the preflight keeps a scenario that changes a volume for good
 * off the user's own btrfs unless they consent ({@code --allow-error-counters}), the lab puts back what it changes on
 * the host, and on a user's btrfs every run compares the volume's counters and settings before and after each
 * scenario, reporting what changed and as left behind what the scenario did not declare.
 */
public enum Lasting {
    /**
     * btrfs's per-device error counters ({@code corruption_errs} and the other four): a false checksum failure raises
     * them, and so does a scrub that finds errors.
     */
    ERROR_COUNTERS(
            Scope.VOLUME,
            "the device error counters (corruption_errs)",
            "btrfs keeps them on the disk: they survive remounts, the kernel logs them at every mount, monitoring reads"
                    + " them as disk corruption, and they can only be zeroed all at once (btrfs device stats -z)"),
    /** btrfs-progs' record of the last scrub of a filesystem, {@code /var/lib/btrfs/scrub.status.<uuid>}. */
    SCRUB_RECORD(
            Scope.HOST,
            "btrfs-progs' record of the last scrub (/var/lib/btrfs/scrub.status.<uuid>)",
            "the lab removes its own volume's record after the scrub, and the next run removes a killed run's"),
    /** A setting of the lab's own loop device's queue ({@code stable_writes}), which stays after detaching. */
    QUEUE_SETTING(
            Scope.HOST,
            "a setting of the lab's own loop device's queue (stable_writes)",
            "it stays with the loop device after it is detached, so the lab puts back the value it found before"
                    + " detaching, and the next run puts back a killed run's");

    /** Where the state lives. */
    public enum Scope {
        /**
         * On the filesystem the scenario runs on: gone with the lab's own volume, changed for good on a user's btrfs
         * (which therefore needs the user's consent).
         */
        VOLUME,
        /** On this machine whatever the volume: the lab restores it (at the end, on failure, Ctrl-C, or after a kill). */
        HOST
    }

    private final Scope scope;
    private final String what;
    private final String why;

    Lasting(Scope scope, String what, String why) {
        this.scope = scope;
        this.what = what;
        this.why = why;
    }

    public Scope scope() {
        return scope;
    }

    /** What it is, for messages: "the device error counters (corruption_errs)". */
    public String what() {
        return what;
    }

    /** Why it lasts and what the lab does about it, for messages. */
    public String why() {
        return why;
    }

    /** True when running on a user's btrfs would change it for good there. */
    public boolean changesTheVolume() {
        return scope == Scope.VOLUME;
    }
}
