package org.diolab.live.kernel.scenario;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * THE registry of the races the kernel lab runs against the running kernel, each tied to the lessons it answers "and
 * on this kernel?" for (the lesson ↔ scenario table) and to the seed thread it comes from. Everything that lists
 * scenarios reads this: the kernel-lab command's help, its preflight, the app; the lesson schema's and the lessons'
 * scenario ids are checked against it by tests that name what is missing or extra.
 *
 * <p>Adding a scenario: write {@code NewScenario implements LabScenario} in this package (one file; it may use the
 * shared helpers here: {@link IoLoop}, {@link Scribbler}, {@link WriteProbe}, {@link ResultBuilder}, but no other
 * scenario), then add its entry here, saying what it changes that outlives the run ({@link Lasting}: error counters,
 * the scrub record, a queue setting; none for most). The tests then name the other places that must say its id (the
 * lesson schema's enum, {@code KernelLabRef.SCENARIOS}) and check its verdict like the others'.
 */
public enum Scenario {
    FALSE_CSUM_READ(
            "false-csum-read",
            "S000",
            "A false checksum error on a direct read",
            "Direct reads of a checksummed btrfs file into a buffer another thread keeps changing; controls without"
                    + " the scribbler and on a nodatasum file.",
            List.of("dio-read-false-checksum-error", "pin-is-not-a-lock"),
            EnumSet.of(Trait.FILE_LEVEL, Trait.BTRFS),
            EnumSet.of(Lasting.ERROR_COUNTERS),
            FalseCsumRead::new),
    RAID1_DIVERGENCE(
            "raid1-divergence",
            "S003",
            "RAID1 mirrors under a changing direct-write buffer",
            "Direct writes to a nodatasum file on btrfs RAID1 (and RAID1C3) while the buffer changes; then every"
                    + " leg read alone, and whether the writes went direct or through the page cache.",
            List.of("raid1-mirrors-diverge", "pin-is-not-a-lock"),
            EnumSet.of(Trait.BTRFS),
            EnumSet.noneOf(Lasting.class),
            Raid1Divergence::new),
    DATASUM_WRITE(
            "datasum-write",
            "S003",
            "Direct writes vs data checksums",
            "Direct writes to a checksummed file on btrfs RAID1 while the buffer changes; then a scrub checks every"
                    + " copy against its checksum.",
            List.of("dio-write-vs-checksum", "async-csum-pipelining"),
            EnumSet.of(Trait.BTRFS),
            EnumSet.of(Lasting.ERROR_COUNTERS, Lasting.SCRUB_RECORD),
            DatasumWrite::new),
    FALLBACK_COST(
            "fallback-cost",
            "S003",
            "What the buffered fallback costs here",
            "O_DIRECT write MiB/s on a SINGLE and a RAID1 btrfs on the same images, with buffered writes as the"
                    + " reference.",
            List.of("price-of-one-copy"),
            EnumSet.of(Trait.BTRFS),
            EnumSet.noneOf(Lasting.class),
            FallbackCost::new),
    NOWAIT_READ(
            "nowait-read",
            "S000",
            "RWF_NOWAIT direct reads of checksummed data",
            "RWF_NOWAIT direct reads of a checksummed and a nodatasum btrfs file: how many return EAGAIN, and"
                    + " whether any waited longer than ordinary reads.",
            List.of("nowait-meets-bounce"),
            EnumSet.of(Trait.FILE_LEVEL, Trait.BTRFS),
            EnumSet.noneOf(Lasting.class),
            NowaitRead::new),
    STABLE_WRITES(
            "stable-writes",
            "S003",
            "Who sets stable writes here",
            "stable_writes of every block device under the scratch directory and of the lab's loop devices, and"
                    + " what it means for buffered writes during writeback.",
            List.of("who-sets-stable-writes", "writeback-without-stable-writes", "btrfs-raid1-buffered-writeback"),
            EnumSet.of(Trait.FILE_LEVEL),
            EnumSet.of(Lasting.QUEUE_SETTING),
            StableWrites::new),
    BUFFERED_DIVERGENCE(
            "buffered-divergence",
            "S003",
            "Buffered writes racing writeback on btrfs RAID1",
            "write(2) and stores through a shared mapping keep changing a nodatasum and a checksummed file's folios"
                    + " while their writeback runs on btrfs RAID1; each leg's copies read from the devices while the"
                    + " folios are still dirty, then each leg mounted alone.",
            List.of("btrfs-raid1-buffered-writeback", "writeback-without-stable-writes", "raid1-mirrors-diverge"),
            EnumSet.of(Trait.BTRFS),
            EnumSet.of(Lasting.ERROR_COUNTERS, Lasting.SCRUB_RECORD),
            BufferedDivergence::new),
    EXT4_CONVOY(
            "ext4-convoy",
            "S002",
            "ext4 DIO lock convoy on one shared file",
            "Mixed random direct reads and writes by 8 threads on one shared file on ext4, against one file per"
                    + " thread.",
            List.of("ext4-dio-lock-convoy"),
            EnumSet.noneOf(Trait.class),
            EnumSet.noneOf(Lasting.class),
            Ext4Convoy::new);

    /** What a scenario needs or may do, for the preflight and for choosing scenarios. */
    public enum Trait {
        /** It can run on a btrfs the user mounted ({@code --mount}), without loop devices of its own. */
        FILE_LEVEL,
        /** It builds or uses btrfs (so needs btrfs in the kernel and btrfs-progs). */
        BTRFS
    }

    private final String id;
    private final String seed;
    private final String title;
    private final String description;
    private final List<String> lessons;
    private final Set<Trait> traits;
    private final Set<Lasting> lasting;
    private final Supplier<LabScenario> factory;

    Scenario(
            String id,
            String seed,
            String title,
            String description,
            List<String> lessons,
            Set<Trait> traits,
            Set<Lasting> lasting,
            Supplier<LabScenario> factory) {
        this.id = id;
        this.seed = seed;
        this.title = title;
        this.description = description;
        this.lessons = lessons;
        this.traits = Set.copyOf(traits);
        this.lasting = Set.copyOf(lasting);
        this.factory = factory;
    }

    /** The CLI name: {@code false-csum-read}. */
    public String id() {
        return id;
    }

    public String seed() {
        return seed;
    }

    public String title() {
        return title;
    }

    public String description() {
        return description;
    }

    /** The lessons this scenario answers for, the first being the one it was built for. */
    public List<String> lessons() {
        return lessons;
    }

    /** True when it can run on a btrfs the user mounted ({@code --mount}), without loop devices of its own. */
    public boolean fileLevel() {
        return traits.contains(Trait.FILE_LEVEL);
    }

    /** True when it builds or uses btrfs (so needs btrfs in the kernel and btrfs-progs). */
    public boolean needsBtrfs() {
        return traits.contains(Trait.BTRFS);
    }

    /**
     * What this scenario changes that outlives its run ({@link Lasting}); empty when it leaves nothing. Every entry
     * says it: on a user's btrfs the run compares that volume's counters and settings before and after the scenario
     * and reports anything changed that is not declared here as left behind.
     */
    public Set<Lasting> lasting() {
        return lasting;
    }

    /** True when running it on a user's btrfs would change that volume for good (error counters). */
    public boolean changesAUsersVolume() {
        return lasting.stream().anyMatch(Lasting::changesTheVolume);
    }

    /** The file-level scenarios, for messages. */
    public static String fileLevelIds() {
        return ids(Scenario::fileLevel);
    }

    /** Runs this scenario once, on what {@code run} gives it. */
    public ScenarioResult run(ScenarioRun run) throws IOException {
        return factory.get().run(run);
    }

    /** The scenario named {@code id}, if any. */
    public static Optional<Scenario> byId(String id) {
        for (Scenario s : values()) {
            if (s.id.equals(id.toLowerCase(Locale.ROOT))) {
                return Optional.of(s);
            }
        }
        return Optional.empty();
    }

    /** The scenarios that answer for {@code lessonId}, the ones built for it first. */
    public static List<Scenario> forLesson(String lessonId) {
        List<Scenario> primary = new ArrayList<>();
        List<Scenario> related = new ArrayList<>();
        for (Scenario s : values()) {
            if (s.lessons.getFirst().equals(lessonId)) {
                primary.add(s);
            } else if (s.lessons.contains(lessonId)) {
                related.add(s);
            }
        }
        primary.addAll(related);
        return List.copyOf(primary);
    }

    /** "false-csum-read, raid1-divergence, ..." for messages and help. */
    public static String ids() {
        return ids(s -> true);
    }

    /** The ids of the scenarios {@code which} accepts, in registry order, for messages. */
    public static String ids(Predicate<Scenario> which) {
        return String.join(
                ", ", Arrays.stream(values()).filter(which).map(Scenario::id).toList());
    }
}
