package org.diolab.lesson;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import org.diolab.engine.invariant.Invariant;
import org.diolab.engine.model.Filesystem;
import org.diolab.engine.op.Policy;
import org.diolab.live.kernel.scenario.Scenario;
import org.diolab.perf.IoPath;
import org.diolab.perf.MachineCosts;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * The id lists written into lessons/lesson.schema.json, each with the registry in the code it is written from. The
 * schema keeps each list once; {@link #regenerate} rewrites them from the code, and {@link #differences} names what a
 * list lacks or has too many.
 */
final class SchemaIdLists {
    /** How a list is spelt in the schema. */
    enum Form {
        /** {@code "enum": ["a", "b"]}. */
        ENUM,
        /** A pattern accepting one id or ids joined by {@code +}: how a policy composition is written. */
        COMPOSITION
    }

    /**
     * @param name     what the ids are, and where the code keeps them
     * @param pointer  the JSON pointer of the list's value in the schema
     * @param registry the ids in the code's order
     */
    record IdList(String name, String pointer, Form form, Supplier<List<String>> registry) {}

    static final List<IdList> ALL = List.of(
            new IdList("policy presets (engine.op.Policy)", "/$defs/policy/pattern", Form.COMPOSITION, Policy::ids),
            new IdList(
                    "invariants (engine.invariant.Invariant, with no-deadlock)",
                    "/$defs/invariant/enum",
                    Form.ENUM,
                    () -> List.copyOf(Invariant.explanations().keySet())),
            new IdList(
                    "file systems (engine.model.Filesystem; generic is what no fs: means)",
                    "/properties/setup/properties/fs/enum",
                    Form.ENUM,
                    () -> Filesystem.ids().stream()
                            .filter(id -> !id.equals(Filesystem.GENERIC.id()))
                            .toList()),
            new IdList(
                    "policy roles (lesson.PolicyRole)",
                    "/properties/policies/items/properties/role/enum",
                    Form.ENUM,
                    PolicyRole::ids),
            new IdList(
                    "quiz kinds (lesson.QuizKind)",
                    "/properties/quiz/items/properties/kind/enum",
                    Form.ENUM,
                    QuizKind::ids),
            new IdList(
                    "live bandwidth expectations (lesson.LiveExperiment.Direction)",
                    "/properties/live/properties/jobs/items/properties/expect/properties/bandwidth/enum",
                    Form.ENUM,
                    () -> Arrays.stream(LiveExperiment.Direction.values())
                            .map(LiveExperiment.Direction::yamlName)
                            .toList()),
            new IdList(
                    "live race expectations (lesson.LiveExperiment.Races)",
                    "/properties/live/properties/jobs/items/properties/expect/properties/races/enum",
                    Form.ENUM,
                    () -> Arrays.stream(LiveExperiment.Races.values())
                            .map(LiveExperiment.Races::yamlName)
                            .toList()),
            new IdList(
                    "seed machines (perf.MachineCosts presets)",
                    "/properties/numbers/items/properties/machine/enum",
                    Form.ENUM,
                    MachineCosts::presets),
            new IdList(
                    "perf model paths (perf.IoPath)",
                    "/properties/numbers/items/properties/rows/items/properties/model/enum",
                    Form.ENUM,
                    () -> Arrays.stream(IoPath.values()).map(IoPath::id).toList()),
            new IdList(
                    "kernel-lab scenarios (live.kernel.scenario.Scenario, the lab's registry)",
                    "/properties/kernel_lab/items/properties/scenario/enum",
                    Form.ENUM,
                    () -> Arrays.stream(Scenario.values()).map(Scenario::id).toList()));

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String COMPOSITION_HEAD = "^(?:(?:";
    private static final String COMPOSITION_TAIL = ")(?:\\+(?=.)|$))+$";
    private static final int WIDTH = 120;

    private SchemaIdLists() {}

    /** The ids {@code list} holds in {@code schema}, in its order. */
    static List<String> inSchema(JsonNode schema, IdList list) {
        JsonNode value = schema.at(list.pointer());
        if (value.isMissingNode()) {
            throw new IllegalStateException("the schema has no " + list.pointer() + " (" + list.name() + ")");
        }
        return switch (list.form()) {
            case ENUM -> value.valueStream().map(JsonNode::asString).toList();
            case COMPOSITION -> {
                String p = value.asString();
                if (!p.startsWith(COMPOSITION_HEAD) || !p.endsWith(COMPOSITION_TAIL)) {
                    throw new IllegalStateException(list.pointer() + " is not a composition pattern " + COMPOSITION_HEAD
                            + "a|b" + COMPOSITION_TAIL);
                }
                yield List.of(p.substring(COMPOSITION_HEAD.length(), p.length() - COMPOSITION_TAIL.length())
                        .split("\\|"));
            }
        };
    }

    /** One line per list that differs from its registry as a set, naming the ids missing and the ids extra. */
    static List<String> differences(String schemaText) {
        JsonNode schema = JSON.readTree(schemaText);
        List<String> out = new ArrayList<>();
        for (IdList list : ALL) {
            Set<String> code = new LinkedHashSet<>(list.registry().get());
            Set<String> schemaIds = new LinkedHashSet<>(inSchema(schema, list));
            Set<String> missing = new LinkedHashSet<>(code);
            missing.removeAll(schemaIds);
            Set<String> extra = new LinkedHashSet<>(schemaIds);
            extra.removeAll(code);
            if (!missing.isEmpty() || !extra.isEmpty()) {
                out.add(list.name() + " at " + list.pointer() + ": missing " + missing + ", not in the code " + extra);
            }
        }
        return out;
    }

    /** {@code schemaText} with every list rewritten from its registry; everything else is left as it is. */
    static String regenerate(String schemaText) {
        String text = schemaText;
        for (IdList list : ALL) {
            int[] span = span(text, list.pointer());
            int lineStart = text.lastIndexOf('\n', span[0]) + 1;
            int indent = 0;
            while (text.charAt(lineStart + indent) == ' ') {
                indent++;
            }
            // a list written on one line stays on one line; a list wrapped in the file is wrapped at the width
            int width = text.substring(span[0], span[1]).contains("\n") ? WIDTH : Integer.MAX_VALUE;
            String value = render(list, list.registry().get(), span[0] - lineStart, indent + 2, width);
            text = text.substring(0, span[0]) + value + text.substring(span[1]);
        }
        return text;
    }

    /** The JSON text of {@code list}'s value holding {@code ids}, starting at {@code column}, wrapped at {@code width}. */
    static String render(IdList list, List<String> ids, int column, int continuation, int width) {
        if (list.form() == Form.COMPOSITION) {
            String pattern = COMPOSITION_HEAD + String.join("|", ids) + COMPOSITION_TAIL;
            return JSON.writeValueAsString(pattern);
        }
        StringBuilder out = new StringBuilder("[");
        int col = column + 1;
        for (int i = 0; i < ids.size(); i++) {
            String item = JSON.writeValueAsString(ids.get(i)) + (i == ids.size() - 1 ? "]" : ",");
            if (i > 0 && col + 1 + item.length() > width) {
                out.append('\n').append(" ".repeat(continuation));
                col = continuation;
            } else if (i > 0) {
                out.append(' ');
                col++;
            }
            out.append(item);
            col += item.length();
        }
        return out.toString();
    }

    /** Where the value at {@code pointer} starts and ends in {@code text}. */
    private static int[] span(String text, String pointer) {
        try (JsonParser p = JSON.createParser(text)) {
            for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
                if (t == JsonToken.START_ARRAY && p.streamReadContext().getParent() != null) {
                    if (p.streamReadContext()
                            .getParent()
                            .pathAsPointer()
                            .toString()
                            .equals(pointer)) {
                        int start = (int) p.currentTokenLocation().getCharOffset();
                        p.skipChildren();
                        return new int[] {start, (int) p.currentTokenLocation().getCharOffset() + 1};
                    }
                } else if (t == JsonToken.VALUE_STRING
                        && p.streamReadContext().pathAsPointer().toString().equals(pointer)) {
                    int start = (int) p.currentTokenLocation().getCharOffset();
                    int end = start + 1;
                    while (text.charAt(end) != '"') {
                        end += text.charAt(end) == '\\' ? 2 : 1;
                    }
                    return new int[] {start, end + 1};
                }
            }
        }
        throw new IllegalStateException("the schema has no " + pointer);
    }
}
