package org.diolab.lesson;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.diolab.engine.ScenarioSize;
import org.diolab.engine.model.Volume;
import org.diolab.engine.op.Operation;
import org.diolab.engine.op.Policy;
import org.diolab.lesson.yaml.Node;

/**
 * Reads one actor's {@code ops}, checking every page, leg, block and bio against what the setup declared. A wrong
 * name is reported and replaced by a harmless stand-in, so the rest of the lesson is still checked.
 *
 * <p>{@code repeat: {times: N, ops: [...]}} expands to N copies of its operations, with {@code {n}} in any text
 * replaced by the copy's number (1..N): a scribbler storing 'B1B1', 'B2B2', ... is one line.
 */
final class OperationParser {
    static final List<String> OPERATIONS = List.of(
            "dio_write",
            "dio_read",
            "store",
            "buffered_write",
            "mmap_store",
            "writeback",
            "compare_mirrors",
            "read_verify",
            "rebuild",
            "resync",
            "pageout",
            "repeat");
    /** More copies than any lesson needs; a typo like 1000 would make the explorer's job hopeless. */
    static final int MAX_REPEAT = 16;

    private final Problems problems;
    private final SetupParser.Declared setup;
    private final Set<String> bios = new HashSet<>();

    OperationParser(Problems problems, SetupParser.Declared setup) {
        this.problems = problems;
        this.setup = setup;
    }

    List<Operation> parse(List<Node> opNodes) {
        List<Operation> out = new ArrayList<>();
        for (Node n : opNodes) {
            out.addAll(operations(n, 0));
        }
        return out;
    }

    private List<Operation> operations(Node opNode, int n) {
        if (!(opNode instanceof Node.MapNode m) || m.entries().size() != 1) {
            problems.at(
                    opNode,
                    "each operation is one 'name: {arguments}' entry",
                    "e.g. '- dio_write: {bio: w1, from: [B], block: 0}'; operations: " + String.join(", ", OPERATIONS));
            return List.of();
        }
        String name = m.entries().keySet().iterator().next();
        Node args = m.entries().get(name);
        Fields f = Fields.of(args, problems, name);
        if (f == null) {
            return List.of();
        }
        if (name.equals("repeat")) {
            return repeat(f);
        }
        Operation op = operation(name, f, m, n);
        if (op == null && !OPERATIONS.contains(name)) {
            return List.of(); // its keys are not judged against an operation it is not ("unknown key 'bio'")
        }
        String pinned = f.optText("policy", null);
        f.rejectUnknown();
        if (op == null) {
            return List.of();
        }
        if (pinned != null) {
            try {
                return List.of(new Operation.Pinned(Policy.parse(pinned), op)); // ignores the lesson's toggle
            } catch (IllegalArgumentException e) {
                problems.at(f.node().entries().get("policy"), e.getMessage(), Suggest.hint(pinned, Policy.ids()));
            }
        }
        return List.of(op);
    }

    private List<Operation> repeat(Fields f) {
        Integer times = f.integer("times");
        List<Node> ops = f.list("ops", true);
        f.rejectUnknown();
        if (times == null) {
            return List.of();
        }
        if (times < 1 || times > MAX_REPEAT) {
            problems.at(
                    f.node().entries().get("times"),
                    "'times' must be between 1 and " + MAX_REPEAT + ", found " + times,
                    "each copy multiplies the interleavings the explorer must visit");
            times = 1; // the ops once, so that the schedule and narration naming them are not wrong as well
        }
        List<Operation> out = new ArrayList<>();
        for (int i = 1; i <= times; i++) {
            for (Node op : ops) {
                out.addAll(operations(op, i));
            }
        }
        return out;
    }

    private Operation operation(String name, Fields f, Node.MapNode m, int n) {
        return switch (name) {
            case "dio_write" -> dioWrite(f, n);
            case "dio_read" ->
                new Operation.DioRead(bio(f, n), pageList(f, "into"), block(f), leg(f), f.bool("nowait", false));
            case "store" -> store(f, n);
            case "buffered_write" -> new Operation.BufferedWrite(pageList(f, "from"), block(f));
            case "mmap_store" -> mmapStore(f, n);
            case "writeback" -> writeback(f, n);
            case "compare_mirrors" -> new Operation.CompareMirrors(block(f));
            case "read_verify" -> new Operation.ReadVerify(block(f));
            case "rebuild" -> {
                int b = block(f);
                if (setup.layout() != Volume.Layout.PARITY) {
                    problems.at(m, "'rebuild' needs a parity volume", "set setup.volume.layout: raid5");
                }
                yield new Operation.Rebuild(b);
            }
            case "resync" -> new Operation.Resync(block(f));
            case "pageout" -> new Operation.PageOut(bio(f, n), page(f, f.text("page"), "page"), swapDevice(f));
            default -> {
                problems.at(m.line(), m.column(), "unknown operation '" + name + "'", Suggest.hint(name, OPERATIONS));
                yield null;
            }
        };
    }

    /** {@code {n}} replaced by the repeat copy's number; outside a repeat, text as written. */
    private static String numbered(String text, int n) {
        return text == null || n == 0 ? text : text.replace("{n}", String.valueOf(n));
    }

    private String bio(Fields f, int n) {
        String id = numbered(f.text("bio"), n);
        if (id != null && !bios.add(id)) {
            problems.at(
                    f.node().entries().get("bio"),
                    "bio id '" + id + "' is used twice",
                    n > 0 ? "inside repeat, put {n} in the bio id, e.g. w{n}" : "name each bio once");
        }
        return id;
    }

    private List<String> pageList(Fields f, String key) {
        List<String> ids = f.texts(key, true);
        if (ids.size() > ScenarioSize.MAX_PAGES_PER_IO) {
            problems.at(
                    f.node().entries().get(key),
                    String.format(
                            "'%s' lists %,d pages; the simulator models I/Os of at most %,d pages (4 MiB)",
                            key, ids.size(), ScenarioSize.MAX_PAGES_PER_IO),
                    "split it into several operations");
            return ids;
        }
        ids.forEach(id -> page(f, id, key));
        return ids;
    }

    private String page(Fields f, String id, String key) {
        if (id != null && !setup.pages().contains(id)) {
            problems.at(
                    f.node().entries().getOrDefault(key, f.node()),
                    "unknown page '" + id + "'",
                    setup.pages().isEmpty()
                            ? "declare it under setup.pages (or a folio under setup.cache)"
                            : Suggest.hint(id, setup.pages()));
        }
        return id;
    }

    private int block(Fields f) {
        return block(f, false);
    }

    /** The operation's block; with {@code appends}, also the block right after the file's last (it extends the file). */
    private int block(Fields f, boolean appends) {
        Integer b = f.integer("block");
        int next = setup.blocks().stream().mapToInt(Integer::intValue).max().orElse(-1) + 1;
        if (b != null && !setup.blocks().contains(b) && !(appends && b == next)) {
            problems.at(
                    f.node().entries().get("block"),
                    "block " + b + " is not in setup.volume.blocks",
                    "setup.volume.blocks has " + setup.blocks()
                            + "; a dio_write with 'extending: true' may append block " + next);
        }
        return b == null ? 0 : b;
    }

    private Operation dioWrite(Fields f, int n) {
        Boolean extending = f.has("extending") ? f.bool("extending", false) : null;
        return new Operation.DioWrite(
                bio(f, n),
                pageList(f, "from"),
                block(f, Boolean.TRUE.equals(extending)),
                f.bool("nowait", false),
                extending,
                f.bool("unaligned", false));
    }

    private Operation store(Fields f, int n) {
        String page = page(f, f.text("page"), "page");
        String bytes = numbered(f.text("bytes"), n);
        checkStoreSize(f, bytes, page == null ? null : setup.pageSizes().get(page), "page " + page);
        return new Operation.Store(page, bytes);
    }

    private Operation mmapStore(Fields f, int n) {
        int block = block(f);
        String bytes = numbered(f.text("bytes"), n);
        checkStoreSize(f, bytes, setup.blockSizes().get(block), "block " + block);
        return new Operation.MmapStore(block, bytes);
    }

    /** A store writes 1 to {@code size} bytes: nothing, or past the end of its page, is not a store. */
    private void checkStoreSize(Fields f, String bytes, Integer size, String target) {
        if (bytes == null) {
            return;
        }
        if (bytes.isEmpty()) {
            problems.at(
                    f.node().entries().get("bytes"),
                    "'bytes' is empty: a store writes at least one byte",
                    "give the bytes written, e.g. \"BBBB\"");
        } else if (size != null && bytes.length() > size) {
            problems.at(
                    f.node().entries().get("bytes"),
                    "'bytes' has " + bytes.length() + " bytes but " + target + " holds " + size,
                    "store at most " + size + " bytes");
        }
    }

    private Operation writeback(Fields f, int n) {
        String bio = bio(f, n);
        int block = block(f);
        return new Operation.Writeback(bio, block, count(f, block));
    }

    /** Blocks a writeback covers: 1 or more, all of them declared (so a count can never outgrow the lesson). */
    private int count(Fields f, int block) {
        String c = f.optText("count", "1");
        int declared = 0;
        while (setup.blocks().contains(block + declared)) {
            declared++;
        }
        int max = Math.min(ScenarioSize.MAX_PAGES_PER_IO, Math.max(1, declared));
        try {
            int n = Integer.parseInt(c);
            if (n >= 1 && n <= max) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        problems.at(
                f.node().entries().get("count"),
                "'count' must be a whole number of blocks from 1 to " + max + ", found '" + c + "'",
                declared > ScenarioSize.MAX_PAGES_PER_IO
                        ? "the simulator models I/Os of at most " + ScenarioSize.MAX_PAGES_PER_IO + " blocks"
                        : "setup.volume.blocks declares " + max + " block(s) from block " + block);
        return 1;
    }

    private String leg(Fields f) {
        List<String> legs = setup.legs();
        String first = legs.isEmpty() ? null : legs.getFirst();
        String leg = f.optText("leg", first);
        if (leg != null && !legs.contains(leg)) {
            problems.at(f.node().entries().get("leg"), "unknown leg '" + leg + "'", Suggest.hint(leg, legs));
            return first; // a stand-in, so the schedule and narration are still checked
        }
        return leg;
    }

    private String swapDevice(Fields f) {
        String d = f.text("device");
        if (d != null && !setup.swapDevices().contains(d)) {
            problems.at(
                    f.node().entries().get("device"),
                    "unknown swap device '" + d + "'",
                    setup.swapDevices().isEmpty()
                            ? "declare it under setup.swap"
                            : Suggest.hint(d, setup.swapDevices()));
        }
        return d;
    }
}
