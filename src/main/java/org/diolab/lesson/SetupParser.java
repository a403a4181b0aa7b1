package org.diolab.lesson;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.diolab.engine.model.Device;
import org.diolab.engine.model.Filesystem;
import org.diolab.engine.model.Inode;
import org.diolab.engine.model.Page;
import org.diolab.engine.model.Parity;
import org.diolab.engine.model.Volume;
import org.diolab.engine.model.World;
import org.diolab.lesson.yaml.Node;

/**
 * Reads a lesson's {@code setup}: the file system ({@code fs}), the file(s), the volume (legs, layout, blocks), user
 * pages, page-cache folios present at the start ({@code cache}) and swap devices. It remembers what it declared so
 * the operations can be checked against it. A mistake is reported and the rest is still built where possible, so one
 * error does not hide the next.
 */
final class SetupParser {
    /** What the setup declared, for checking the operations. */
    record Declared(
            Map<String, Integer> pageSizes,
            Map<Integer, Integer> blockSizes,
            List<String> legs,
            Set<String> swapDevices,
            Filesystem fs,
            Volume.Layout layout) {
        Set<String> pages() {
            return pageSizes.keySet();
        }

        Set<Integer> blocks() {
            return blockSizes.keySet();
        }
    }

    private final Problems problems;
    /** Bytes each declared page and block holds: a store writes within them, never past their end. */
    private final Map<String, Integer> pages = new LinkedHashMap<>();

    private final Map<Integer, Integer> blocks = new TreeMap<>();
    private final Set<String> swap = new LinkedHashSet<>();
    private List<String> legs = List.of();
    private Filesystem fs = Filesystem.GENERIC;
    private Volume.Layout layout = Volume.Layout.MIRROR;

    SetupParser(Problems problems) {
        this.problems = problems;
    }

    Declared declared() {
        return new Declared(pages, blocks, legs, swap, fs, layout);
    }

    /** The starting world, or {@code null} if it cannot be built; problems are reported either way. */
    World parse(Node setupNode) {
        Fields setup = Fields.of(setupNode, problems, "setup");
        if (setup == null) {
            return null;
        }
        fs = filesystem(setup);
        boolean nodatasum = file(setup);
        Set<Integer> nodatasumBlocks = files(setup);
        Fields vol = Fields.of(orEmpty(setup.raw("volume"), setupNode), problems, "setup.volume");
        Map<String, Page> pageMap = userPages(setup.raw("pages"));
        Map<Integer, String> initial = new TreeMap<>();
        Map<String, Device> devices = new LinkedHashMap<>();
        boolean volumeStable = false;
        Set<String> stableLegs = new LinkedHashSet<>();
        String volumeId = "raid1";
        if (vol != null) {
            volumeId = vol.optText("id", "raid1");
            volumeStable = vol.bool("stable_writes", false);
            layout = layout(vol);
            legs = legs(vol, stableLegs);
            initial.putAll(blocks(vol));
            vol.rejectUnknown();
        }
        Map<String, Page> folios = cache(setup.raw("cache"));
        pageMap.putAll(folios);
        Map<String, Device> swapDevices = swapDevices(setup.raw("swap"));
        setup.rejectUnknown();
        if (legs.isEmpty() || initial.isEmpty()) {
            return null;
        }
        Volume volume;
        try {
            // BLK_FEAT_STABLE_WRITES is inherited through stacking: one member that needs it is enough.
            volume = new Volume(volumeId, legs, volumeStable || !stableLegs.isEmpty(), layout);
        } catch (IllegalArgumentException e) {
            problems.at(
                    vol.node(),
                    "setup.volume: " + e.getMessage(),
                    "a raid5 volume lists its data legs, then " + "its parity leg, e.g. legs: [d0, d1, p]");
            return null;
        }
        for (String leg : legs) {
            devices.put(leg, Device.of(leg, contents(volume, leg, initial)).withStableWrites(stableLegs.contains(leg)));
        }
        devices.putAll(swapDevices);
        return World.of(pageMap, devices, volume, new Inode(fs, nodatasum).withNodatasumBlocks(nodatasumBlocks));
    }

    private Filesystem filesystem(Fields setup) {
        String id = setup.optText("fs", null);
        if (id == null) {
            return Filesystem.GENERIC;
        }
        Filesystem f = Filesystem.byId(id).orElse(null);
        if (f == null) {
            problems.at(
                    setup.node().entries().get("fs"),
                    "unknown file system '" + id + "'",
                    Suggest.hint(id, Filesystem.ids()));
            return Filesystem.GENERIC;
        }
        return f;
    }

    /** {@code file: {nodatasum: true}}; a file system without data checksums cannot say {@code false}. */
    private boolean file(Fields setup) {
        Node fileNode = setup.raw("file");
        if (fileNode == null) {
            return !fs.dataChecksums();
        }
        Fields file = Fields.of(fileNode, problems, "setup.file");
        if (file == null) {
            return false;
        }
        boolean nodatasum = file.bool("nodatasum", !fs.dataChecksums());
        if (!nodatasum && !fs.dataChecksums()) {
            problems.at(
                    file.node().entries().get("nodatasum"),
                    fs.id() + " keeps no data checksums, so the file " + "cannot have them",
                    "drop 'nodatasum: false', or use fs: btrfs");
        }
        file.rejectUnknown();
        return nodatasum;
    }

    /** {@code files: [{id, blocks: [...], nodatasum}]}: other files on the same volume; returns their NODATASUM blocks. */
    private Set<Integer> files(Fields setup) {
        Set<Integer> out = new TreeSet<>();
        for (Node n : setup.list("files", false)) {
            Fields f = Fields.of(n, problems, "a file");
            if (f == null) {
                continue;
            }
            f.text("id");
            boolean nodatasum = f.bool("nodatasum", false);
            List<Integer> bs = new ArrayList<>();
            for (String b : f.texts("blocks", true)) {
                try {
                    bs.add(Integer.parseInt(b));
                } catch (NumberFormatException e) {
                    problems.at(
                            f.node().entries().get("blocks"),
                            "block numbers must be whole numbers, found '" + b + "'",
                            null);
                }
            }
            f.rejectUnknown();
            if (nodatasum) {
                out.addAll(bs);
            }
        }
        return out;
    }

    private Map<String, Page> userPages(Node pagesNode) {
        Map<String, Page> out = new TreeMap<>();
        if (pagesNode == null || Fields.of(pagesNode, problems, "setup.pages") == null) {
            return out;
        }
        ((Node.MapNode) pagesNode).entries().forEach((id, n) -> {
            if (n instanceof Node.ScalarNode s && s.text() != null && !s.text().isEmpty()) {
                out.put(id, Page.user(id, s.text()));
                pages.put(id, s.text().length());
            } else {
                problems.at(n, "page '" + id + "' must hold some bytes, e.g. \"AAAA\"", null);
            }
        });
        return out;
    }

    private Volume.Layout layout(Fields vol) {
        String l = vol.optText("layout", "mirror");
        return switch (l) {
            case "mirror", "raid1", "single" -> Volume.Layout.MIRROR;
            case "raid5" -> Volume.Layout.PARITY;
            default -> {
                problems.at(
                        vol.node().entries().get("layout"),
                        "unknown layout '" + l + "'",
                        Suggest.hint(l, List.of("mirror", "raid5")));
                yield Volume.Layout.MIRROR;
            }
        };
    }

    /** Legs are names, or mappings {id, stable_writes} for devices that need stable pages (e.g. with PI). */
    private List<String> legs(Fields vol, Set<String> stableLegs) {
        Node n = vol.raw("legs");
        if (n == null) {
            int[] p = vol.node().positionOf("legs");
            problems.at(p[0], p[1], "setup.volume is missing 'legs'", "e.g. legs: [leg0, leg1]");
            return List.of();
        }
        if (!(n instanceof Node.ListNode list)) {
            problems.at(n, "'legs' must be a list of device names", "e.g. legs: [leg0, leg1]");
            return List.of();
        }
        List<String> out = new ArrayList<>();
        for (Node item : list.items()) {
            if (item instanceof Node.ScalarNode sc && sc.text() != null) {
                out.add(sc.text());
                continue;
            }
            Fields leg = Fields.of(item, problems, "a leg");
            if (leg == null) {
                continue;
            }
            String id = leg.text("id");
            boolean stable = leg.bool("stable_writes", false);
            leg.optText("note", "");
            leg.rejectUnknown();
            if (id != null) {
                out.add(id);
                if (stable) {
                    stableLegs.add(id);
                }
            }
        }
        return out;
    }

    private Map<Integer, String> blocks(Fields vol) {
        Map<Integer, String> out = new TreeMap<>();
        Node blocksNode = vol.raw("blocks");
        if (blocksNode == null) {
            problems.at(
                    vol.node(),
                    "setup.volume is missing 'blocks'",
                    "give each block's initial bytes: blocks: {0: \"0000\"}");
            return out;
        }
        if (Fields.of(blocksNode, problems, "setup.volume.blocks") == null) {
            return out;
        }
        ((Node.MapNode) blocksNode).entries().forEach((k, n) -> {
            Integer b = number(k, n);
            String bytes = n instanceof Node.ScalarNode s ? s.text() : null;
            if (b == null) {
                return;
            }
            if (bytes == null || bytes.isEmpty()) {
                problems.at(n, "block " + k + " must hold some bytes, e.g. \"0000\"", null);
            } else {
                out.put(b, bytes);
                blocks.put(b, bytes.length());
            }
        });
        if (layout == Volume.Layout.PARITY && legs.size() >= 3) {
            int n = legs.size() - 1;
            for (int b : out.keySet()) {
                int first = Math.floorDiv(b, n) * n;
                for (int i = first; i < first + n; i++) {
                    if (!out.containsKey(i)) {
                        problems.at(
                                blocksNode,
                                "stripe " + (first / n) + " lacks block " + i,
                                "a raid5 volume with " + n + " data legs needs every block of each stripe it uses");
                        return out;
                    }
                }
            }
        }
        return out;
    }

    /** What {@code leg} holds at the start: its blocks of a mirror, its share of a parity array, or the parity. */
    private static Map<Integer, String> contents(Volume v, String leg, Map<Integer, String> initial) {
        if (v.layout() != Volume.Layout.PARITY) {
            return initial;
        }
        Map<Integer, String> out = new TreeMap<>();
        if (v.isParityLeg(leg)) {
            Set<Integer> stripes = new TreeSet<>();
            initial.keySet().forEach(b -> stripes.add(v.stripeOf(b)));
            for (int s : stripes) {
                out.put(
                        s,
                        Parity.of(v.stripeBlocks(s).stream().map(initial::get).toList()));
            }
            return out;
        }
        initial.forEach((b, bytes) -> {
            if (v.legsHolding(b).contains(leg)) {
                out.put(b, bytes);
            }
        });
        return out;
    }

    /** {@code cache: {8: "YYYY"}}: folios in the page cache at the start, clean and uptodate (F8, ...). */
    private Map<String, Page> cache(Node node) {
        Map<String, Page> out = new TreeMap<>();
        if (node == null || Fields.of(node, problems, "setup.cache") == null) {
            return out;
        }
        ((Node.MapNode) node).entries().forEach((k, n) -> {
            Integer b = number(k, n);
            String bytes = n instanceof Node.ScalarNode s ? s.text() : null;
            if (b == null) {
                return;
            }
            if (!blocks.containsKey(b)) {
                problems.at(
                        n,
                        "cached block " + b + " is not in setup.volume.blocks",
                        "setup.volume.blocks has " + blocks.keySet());
            } else if (bytes == null || bytes.isEmpty()) {
                problems.at(n, "cached block " + k + " must hold some bytes", null);
            } else {
                String id = "F" + b;
                out.put(id, Page.cached(id, b, bytes));
                pages.put(id, bytes.length());
            }
        });
        return out;
    }

    /** {@code swap: [{id: zram0, stable_writes: true}]}: swap devices, outside the volume. */
    private Map<String, Device> swapDevices(Node node) {
        Map<String, Device> out = new LinkedHashMap<>();
        if (node == null) {
            return out;
        }
        if (!(node instanceof Node.ListNode list)) {
            problems.at(node, "'swap' must be a list of devices", "e.g. swap: [{id: zram0, stable_writes: true}]");
            return out;
        }
        for (Node item : list.items()) {
            Fields f = Fields.of(item, problems, "a swap device");
            if (f == null) {
                continue;
            }
            String id = f.text("id");
            boolean stable = f.bool("stable_writes", false);
            f.optText("note", "");
            f.rejectUnknown();
            if (id != null) {
                out.put(id, Device.of(id, Map.of(0, "....")).withStableWrites(stable));
                swap.add(id);
            }
        }
        return out;
    }

    private Integer number(String k, Node n) {
        try {
            return Integer.parseInt(k);
        } catch (NumberFormatException e) {
            problems.at(n, "block numbers must be whole numbers, found '" + k + "'", null);
            return null;
        }
    }

    private static Node orEmpty(Node n, Node parent) {
        return n != null ? n : new Node.MapNode(Map.of(), Map.of(), parent.line(), parent.column());
    }
}
