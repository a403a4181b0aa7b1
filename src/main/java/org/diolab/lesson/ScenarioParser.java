package org.diolab.lesson;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.diolab.engine.ActorSpec;
import org.diolab.engine.Scenario;
import org.diolab.engine.model.Device;
import org.diolab.engine.model.Inode;
import org.diolab.engine.model.Page;
import org.diolab.engine.model.Volume;
import org.diolab.engine.model.World;
import org.diolab.engine.op.Operation;
import org.diolab.engine.op.Policy;
import org.diolab.lesson.yaml.Node;

/**
 * Reads a lesson's {@code setup} (file, volume, pages) and {@code actors} into an engine {@link Scenario}, checking
 * that every page, leg and block an operation names exists.
 */
final class ScenarioParser {
    static final List<String> OPERATIONS = List.of("dio_write", "dio_read", "store", "buffered_write", "mmap_store",
            "writeback", "compare_mirrors", "read_verify");

    private final Problems problems;
    private final Set<String> pages = new HashSet<>();
    private final Set<String> bios = new HashSet<>();
    private final Set<Integer> blocks = new HashSet<>();
    /** Bytes each page and block holds: a store writes within them, never past their end. */
    private final Map<String, Integer> pageSizes = new HashMap<>();
    private final Map<Integer, Integer> blockSizes = new HashMap<>();
    private List<String> legs = List.of();

    ScenarioParser(Problems problems) {
        this.problems = problems;
    }

    /** Returns the scenario, or {@code null} when something was reported. */
    Scenario parse(String name, Fields root) {
        Node setupNode = root.raw("setup");
        Node actorsNode = root.raw("actors");
        if (setupNode == null || actorsNode == null) {
            int[] p = root.node().positionOf(setupNode == null ? "setup" : "actors");
            problems.at(p[0], p[1], "the lesson is missing '" + (setupNode == null ? "setup" : "actors") + "'",
                    "a lesson needs 'setup:' (volume, pages) and 'actors:' (threads and their operations)");
            return null;
        }
        World world = world(setupNode);
        List<ActorSpec> actors = actors(actorsNode);
        if (world == null || actors == null) {
            return null;
        }
        return new Scenario(name, world, actors);
    }

    private World world(Node setupNode) {
        int before = problems.all().size();
        Fields setup = Fields.of(setupNode, problems, "setup");
        if (setup == null) {
            return null;
        }
        boolean nodatasum = false;
        Node fileNode = setup.raw("file");
        if (fileNode != null) {
            Fields file = Fields.of(fileNode, problems, "setup.file");
            if (file != null) {
                nodatasum = file.bool("nodatasum", false);
                file.rejectUnknown();
            }
        }
        Fields vol = Fields.of(orEmpty(setup.raw("volume"), setupNode), problems, "setup.volume");
        Map<String, Page> pageMap = new TreeMap<>();
        Node pagesNode = setup.raw("pages");
        if (pagesNode != null && Fields.of(pagesNode, problems, "setup.pages") != null) {
            ((Node.MapNode) pagesNode).entries().forEach((id, n) -> {
                if (n instanceof Node.ScalarNode s && s.text() != null && !s.text().isEmpty()) {
                    pageMap.put(id, Page.user(id, s.text()));
                    pages.add(id);
                    pageSizes.put(id, s.text().length());
                } else {
                    problems.at(n, "page '" + id + "' must hold some bytes, e.g. \"AAAA\"", null);
                }
            });
        }
        setup.rejectUnknown();
        if (vol == null) {
            return null;
        }
        String volumeId = vol.optText("id", "raid1");
        boolean volumeStable = vol.bool("stable_writes", false);
        Set<String> stableLegs = new HashSet<>();
        legs = legs(vol, stableLegs);
        Map<Integer, String> initial = new TreeMap<>();
        Node blocksNode = vol.raw("blocks");
        if (blocksNode == null) {
            problems.at(vol.node(), "setup.volume is missing 'blocks'", "give each block's initial bytes: blocks: {0: \"0000\"}");
        } else if (Fields.of(blocksNode, problems, "setup.volume.blocks") != null) {
            ((Node.MapNode) blocksNode).entries().forEach((k, n) -> {
                try {
                    int b = Integer.parseInt(k);
                    String bytes = n instanceof Node.ScalarNode s ? s.text() : null;
                    if (bytes == null || bytes.isEmpty()) {
                        problems.at(n, "block " + k + " must hold some bytes, e.g. \"0000\"", null);
                    } else {
                        initial.put(b, bytes);
                        blocks.add(b);
                        blockSizes.put(b, bytes.length());
                    }
                } catch (NumberFormatException e) {
                    problems.at(n, "block numbers must be whole numbers, found '" + k + "'", null);
                }
            });
        }
        vol.rejectUnknown();
        if (legs.isEmpty() || problems.all().size() > before) {
            return null;
        }
        Map<String, Device> devices = new LinkedHashMap<>();
        for (String leg : legs) {
            devices.put(leg, Device.of(leg, initial).withStableWrites(stableLegs.contains(leg)));
        }
        // BLK_FEAT_STABLE_WRITES is inherited through stacking: one member that needs it is enough.
        boolean stable = volumeStable || !stableLegs.isEmpty();
        return World.of(pageMap, devices, new Volume(volumeId, legs, stable), new Inode(nodatasum));
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

    private List<ActorSpec> actors(Node actorsNode) {
        if (!(actorsNode instanceof Node.ListNode list)) {
            problems.at(actorsNode, "'actors' must be a list of threads", "start each actor with '- id: ...'");
            return null;
        }
        int before = problems.all().size();
        List<ActorSpec> out = new ArrayList<>();
        Set<String> ids = new HashSet<>(legs);
        for (Node item : list.items()) {
            Fields f = Fields.of(item, problems, "an actor");
            if (f == null) {
                continue;
            }
            String id = f.text("id");
            String title = f.optText("title", id);
            List<Operation> ops = new ArrayList<>();
            for (Node opNode : f.list("ops", true)) {
                Operation op = operation(opNode);
                if (op != null) {
                    ops.add(op);
                }
            }
            f.rejectUnknown();
            if (id != null && !ids.add(id)) {
                problems.at(item, "actor id '" + id + "' is used twice (devices count as actors too)",
                        "give each actor its own id");
            }
            if (id != null) {
                out.add(new ActorSpec(id, title, ops));
            }
        }
        return problems.all().size() > before ? null : out;
    }

    private Operation operation(Node opNode) {
        if (!(opNode instanceof Node.MapNode m) || m.entries().size() != 1) {
            problems.at(opNode, "each operation is one 'name: {arguments}' entry",
                    "e.g. '- dio_write: {bio: w1, from: [B], block: 0}'; operations: " + String.join(", ", OPERATIONS));
            return null;
        }
        String name = m.entries().keySet().iterator().next();
        Node args = m.entries().get(name);
        Fields f = Fields.of(args, problems, name);
        if (f == null) {
            return null;
        }
        Operation op = switch (name) {
            case "dio_write" -> new Operation.DioWrite(bio(f), pageList(f, "from"), block(f), f.bool("nowait", false));
            case "dio_read" -> new Operation.DioRead(bio(f), pageList(f, "into"), block(f), leg(f),
                    f.bool("nowait", false));
            case "store" -> store(f);
            case "buffered_write" -> new Operation.BufferedWrite(pageList(f, "from"), block(f));
            case "mmap_store" -> mmapStore(f);
            case "writeback" -> writeback(f);
            case "compare_mirrors" -> new Operation.CompareMirrors(block(f));
            case "read_verify" -> new Operation.ReadVerify(block(f));
            default -> {
                int[] p = {m.line(), m.column()};
                problems.at(p[0], p[1], "unknown operation '" + name + "'", Suggest.hint(name, OPERATIONS));
                yield null;
            }
        };
        String pinned = f.optText("policy", null);
        f.rejectUnknown();
        if (pinned != null && op != null) {
            Policy p = Policy.byId(pinned).orElse(null);
            if (p == null) {
                problems.at(f.node().entries().get("policy"), "unknown policy '" + pinned + "'",
                        Suggest.hint(pinned, Policy.ids()));
                return op;
            }
            return new Operation.Pinned(p, op); // this operation ignores the lesson's policy toggle
        }
        return op;
    }

    private String bio(Fields f) {
        String id = f.text("bio");
        if (id != null && !bios.add(id)) {
            problems.at(f.node().entries().get("bio"), "bio id '" + id + "' is used twice", "name each bio once");
        }
        return id;
    }

    private List<String> pageList(Fields f, String key) {
        List<String> ids = f.texts(key, true);
        ids.forEach(id -> page(f, id, key));
        return ids;
    }

    private String page(Fields f, String id, String key) {
        if (id != null && !pages.contains(id)) {
            problems.at(f.node().entries().getOrDefault(key, f.node()), "unknown page '" + id + "'",
                    pages.isEmpty() ? "declare it under setup.pages" : Suggest.hint(id, pages));
        }
        return id;
    }

    private int block(Fields f) {
        Integer b = f.integer("block");
        if (b != null && !blocks.contains(b)) {
            problems.at(f.node().entries().get("block"), "block " + b + " is not in setup.volume.blocks",
                    "setup.volume.blocks has " + new java.util.TreeSet<>(blocks));
        }
        return b == null ? 0 : b;
    }

    private Operation store(Fields f) {
        String page = page(f, f.text("page"), "page");
        String bytes = f.text("bytes");
        checkStoreSize(f, bytes, page == null ? null : pageSizes.get(page), "page " + page);
        return new Operation.Store(page, bytes);
    }

    private Operation mmapStore(Fields f) {
        int block = block(f);
        String bytes = f.text("bytes");
        checkStoreSize(f, bytes, blockSizes.get(block), "block " + block);
        return new Operation.MmapStore(block, bytes);
    }

    /** A store writes 1 to {@code size} bytes: nothing, or past the end of its page, is not a store. */
    private void checkStoreSize(Fields f, String bytes, Integer size, String target) {
        if (bytes == null) {
            return;
        }
        if (bytes.isEmpty()) {
            problems.at(f.node().entries().get("bytes"), "'bytes' is empty: a store writes at least one byte",
                    "give the bytes written, e.g. \"BBBB\"");
        } else if (size != null && bytes.length() > size) {
            problems.at(f.node().entries().get("bytes"), "'bytes' has " + bytes.length() + " bytes but " + target
                    + " holds " + size, "store at most " + size + " bytes");
        }
    }

    private Operation writeback(Fields f) {
        String bio = bio(f);
        int block = block(f);
        return new Operation.Writeback(bio, block, count(f, block));
    }

    /** Blocks a writeback covers: 1 or more, all of them declared (so a count can never outgrow the lesson). */
    private int count(Fields f, int block) {
        String c = f.optText("count", "1");
        int declared = 0;
        while (blocks.contains(block + declared)) {
            declared++;
        }
        int max = Math.max(1, declared);
        try {
            int n = Integer.parseInt(c);
            if (n >= 1 && n <= max) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        problems.at(f.node().entries().get("count"), "'count' must be a whole number of blocks from 1 to " + max
                + ", found '" + c + "'", "setup.volume.blocks declares " + max + " block(s) from block " + block);
        return 1;
    }

    private String leg(Fields f) {
        String leg = f.optText("leg", legs.isEmpty() ? null : legs.getFirst());
        if (leg != null && !legs.contains(leg)) {
            problems.at(f.node().entries().get("leg"), "unknown leg '" + leg + "'", Suggest.hint(leg, legs));
        }
        return leg;
    }

    private static Node orEmpty(Node n, Node parent) {
        return n != null ? n : new Node.MapNode(Map.of(), Map.of(), parent.line(), parent.column());
    }
}
