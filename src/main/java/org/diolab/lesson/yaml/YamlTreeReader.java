package org.diolab.lesson.yaml;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.snakeyaml.engine.v2.exceptions.MarkedYamlEngineException;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.core.exc.StreamConstraintsException;
import tools.jackson.dataformat.yaml.YAMLFactory;
import tools.jackson.dataformat.yaml.YAMLMapper;
import tools.jackson.dataformat.yaml.YAMLParser;

/**
 * Reads YAML into {@link Node}s that keep their line and column. Jackson's own tree drops positions, and a lesson
 * author needs "lessons/x.yaml:14:9: unknown actor 'ap'", not "somewhere in x.yaml".
 *
 * <p>Lessons use plain YAML only: anchors and aliases ({@code &name}, {@code *name}) are refused (the parser would
 * hand an alias over as the literal text "name"), nesting is limited to {@link #MAX_DEPTH} levels, and syntax errors
 * are reported where the problem is, in words rather than the parser's.
 */
public final class YamlTreeReader {
    /** A lesson nests about six levels deep; anything near this is not a lesson. */
    public static final int MAX_DEPTH = 64;

    private static final YAMLMapper MAPPER = YAMLMapper.builder(YAMLFactory.builder()
                    .streamReadConstraints(StreamReadConstraints.builder()
                            .maxNestingDepth(MAX_DEPTH)
                            .build())
                    .build())
            .build();
    private static final String NO_ALIASES = "YAML anchors and aliases (&name, *name) are not supported in lessons";

    private YamlTreeReader() {}

    public static Node read(String text) throws YamlSyntaxError {
        JsonParser p = null;
        try {
            p = MAPPER.createParser(text);
            JsonToken first = next(p);
            if (first == null) {
                throw new YamlSyntaxError(
                        "the file is empty", 1, 1, "start from a bundled lesson, e.g." + " raid1-mirrors-diverge.yaml");
            }
            Node root = value(p);
            if (next(p) != null) {
                TokenStreamLocation at = p.currentTokenLocation();
                throw new YamlSyntaxError(
                        "more than one YAML document in the file",
                        at.getLineNr(),
                        at.getColumnNr(),
                        "one lesson per file: remove the '---' and what follows, or move it to a file of its own");
            }
            return root;
        } catch (StreamConstraintsException e) {
            TokenStreamLocation at = p.currentLocation();
            throw new YamlSyntaxError(
                    "the YAML nests deeper than " + MAX_DEPTH + " levels; a lesson needs about six",
                    Math.max(1, at.getLineNr()),
                    Math.max(1, at.getColumnNr()),
                    "close the brackets or indentation" + " opened before this point");
        } catch (JacksonException e) {
            throw translate(e);
        } finally {
            if (p != null) {
                p.close();
            }
        }
    }

    /** The next token; refuses aliases and anchors where they appear. */
    private static JsonToken next(JsonParser p) throws YamlSyntaxError {
        JsonToken t = p.nextToken();
        if (p instanceof YAMLParser y && t != null && (y.isCurrentAlias() || y.getObjectId() != null)) {
            TokenStreamLocation at = p.currentTokenLocation();
            String what = y.isCurrentAlias() ? "alias *" + p.getString() : "anchor &" + y.getObjectId();
            throw new YamlSyntaxError(
                    NO_ALIASES + ": found the " + what,
                    at.getLineNr(),
                    at.getColumnNr(),
                    "write the value out in full");
        }
        return t;
    }

    /** The parser's error, at the position of the problem (not the token before it), in one line. */
    private static YamlSyntaxError translate(JacksonException e) {
        for (Throwable c = e; c != null; c = c.getCause()) {
            if (c instanceof MarkedYamlEngineException m && m.getProblemMark().isPresent()) {
                var mark = m.getProblemMark().get();
                String problem = m.getProblem() == null ? "" : m.getProblem();
                if (problem.contains("\\t(TAB)") || problem.contains("\t")) {
                    return new YamlSyntaxError(
                            "a tab character: YAML indents with spaces only",
                            mark.getLine() + 1,
                            mark.getColumn() + 1,
                            "replace the tab with spaces");
                }
                String context = m.getContext() == null
                        ? ""
                        : " (" + m.getContext()
                                + m.getContextMark()
                                        .map(k -> " that starts at " + (k.getLine() + 1) + ":" + (k.getColumn() + 1))
                                        .orElse("")
                                + ")";
                return new YamlSyntaxError(
                        "not valid YAML: " + oneLine(problem) + context, mark.getLine() + 1, mark.getColumn() + 1);
            }
        }
        TokenStreamLocation at = e.getLocation();
        int line = at == null ? 1 : Math.max(1, at.getLineNr());
        int col = at == null ? 1 : Math.max(1, at.getColumnNr());
        String message = e.getOriginalMessage() == null ? "" : e.getOriginalMessage();
        if (message.contains("=ALI")) {
            return new YamlSyntaxError(NO_ALIASES + ": found an alias as a key", line, col, "write the key out");
        }
        return new YamlSyntaxError("not valid YAML: " + oneLine(message), line, col);
    }

    private static String oneLine(String s) {
        return s.strip().lines().findFirst().orElse("").strip();
    }

    private static Node value(JsonParser p) throws YamlSyntaxError {
        TokenStreamLocation at = p.currentTokenLocation();
        int line = at.getLineNr();
        int col = at.getColumnNr();
        JsonToken t = p.currentToken();
        return switch (t) {
            case START_OBJECT -> map(p, line, col);
            case START_ARRAY -> list(p, line, col);
            case VALUE_NULL -> new Node.ScalarNode(null, line, col);
            default -> new Node.ScalarNode(p.getString(), line, col);
        };
    }

    private static Node map(JsonParser p, int line, int col) throws YamlSyntaxError {
        Map<String, Node> entries = new LinkedHashMap<>();
        Map<String, int[]> positions = new LinkedHashMap<>();
        while (next(p) == JsonToken.PROPERTY_NAME) {
            String key = p.currentName();
            TokenStreamLocation at = p.currentTokenLocation();
            if (entries.containsKey(key)) {
                throw new YamlSyntaxError(
                        "key '" + key + "' appears twice in the same mapping",
                        at.getLineNr(),
                        at.getColumnNr(),
                        "keep one of them");
            }
            next(p);
            entries.put(key, value(p));
            positions.put(key, new int[] {at.getLineNr(), at.getColumnNr()});
        }
        return new Node.MapNode(entries, positions, line, col);
    }

    private static Node list(JsonParser p, int line, int col) throws YamlSyntaxError {
        List<Node> items = new ArrayList<>();
        while (next(p) != JsonToken.END_ARRAY) {
            items.add(value(p));
        }
        return new Node.ListNode(items, line, col);
    }
}
