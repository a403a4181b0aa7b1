package org.diolab.lesson.yaml;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * Reads YAML into {@link Node}s that keep their line and column. Jackson's own tree drops positions, and a lesson
 * author needs "lessons/x.yaml:14:9: unknown actor 'ap'", not "somewhere in x.yaml".
 */
public final class YamlTreeReader {
    private static final YAMLMapper MAPPER = YAMLMapper.builder().build();

    private YamlTreeReader() {
    }

    public static Node read(String text) throws YamlSyntaxError {
        try (JsonParser p = MAPPER.createParser(text)) {
            JsonToken first = p.nextToken();
            if (first == null) {
                throw new YamlSyntaxError("the file is empty", 1, 1);
            }
            Node root = value(p);
            if (p.nextToken() != null) {
                TokenStreamLocation at = p.currentTokenLocation();
                throw new YamlSyntaxError("more than one YAML document in the file", at.getLineNr(), at.getColumnNr());
            }
            return root;
        } catch (JacksonException e) {
            TokenStreamLocation at = e.getLocation();
            int line = at == null ? 1 : Math.max(1, at.getLineNr());
            int col = at == null ? 1 : Math.max(1, at.getColumnNr());
            throw new YamlSyntaxError("not valid YAML: " + e.getOriginalMessage(), line, col);
        }
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
            default -> new Node.ScalarNode(p.getText(), line, col);
        };
    }

    private static Node map(JsonParser p, int line, int col) throws YamlSyntaxError {
        Map<String, Node> entries = new LinkedHashMap<>();
        Map<String, int[]> positions = new LinkedHashMap<>();
        while (p.nextToken() == JsonToken.PROPERTY_NAME) {
            String key = p.currentName();
            TokenStreamLocation at = p.currentTokenLocation();
            if (entries.containsKey(key)) {
                throw new YamlSyntaxError("key '" + key + "' appears twice in the same mapping", at.getLineNr(),
                        at.getColumnNr());
            }
            p.nextToken();
            entries.put(key, value(p));
            positions.put(key, new int[] {at.getLineNr(), at.getColumnNr()});
        }
        return new Node.MapNode(entries, positions, line, col);
    }

    private static Node list(JsonParser p, int line, int col) throws YamlSyntaxError {
        List<Node> items = new ArrayList<>();
        while (p.nextToken() != JsonToken.END_ARRAY) {
            items.add(value(p));
        }
        return new Node.ListNode(items, line, col);
    }
}
