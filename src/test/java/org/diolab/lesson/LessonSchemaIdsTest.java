package org.diolab.lesson;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.diolab.engine.op.Policy;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.ObjectMapper;

/**
 * The schema's id lists are the code's: policy presets, invariants, file systems, roles, quiz kinds, live
 * expectations, seed machines, perf paths and kernel-lab scenarios ({@link SchemaIdLists}). A list out of step fails
 * here, naming the ids missing and extra; {@code mvn test -Dtest=LessonSchemaIdsTest -Dschema.update=true} rewrites
 * the lists from the code (and nothing else in the file): review the diff.
 */
class LessonSchemaIdsTest {
    private static final Path SCHEMA = Path.of("lessons", "lesson.schema.json");
    private static final String UPDATE =
            "mvn test -Dtest=LessonSchemaIdsTest -Dschema.update=true rewrites them from the code";

    @Test
    void everyIdListInTheSchemaIsWrittenFromItsRegistry() throws IOException {
        String text = Files.readString(SCHEMA, StandardCharsets.UTF_8);
        String generated = SchemaIdLists.regenerate(text);
        if (Boolean.getBoolean("schema.update") && !generated.equals(text)) {
            Files.writeString(SCHEMA, generated, StandardCharsets.UTF_8);
            text = generated;
        }
        assertThat(SchemaIdLists.differences(text))
                .as("id lists of %s that differ from the code; %s", SCHEMA, UPDATE)
                .isEmpty();
        assertThat(differingLines(text, generated))
                .as("%s lists the right ids in another order or layout; %s", SCHEMA, UPDATE)
                .isEmpty();
    }

    /** "line N: schema | generated" for each line that differs. */
    private static List<String> differingLines(String text, String generated) {
        List<String> a = text.lines().toList();
        List<String> b = generated.lines().toList();
        List<String> out = new ArrayList<>();
        for (int i = 0; i < Math.max(a.size(), b.size()); i++) {
            String x = i < a.size() ? a.get(i) : "(none)";
            String y = i < b.size() ? b.get(i) : "(none)";
            if (!x.equals(y)) {
                out.add("line " + (i + 1) + ": " + x.strip() + "  |  generated: " + y.strip());
            }
        }
        return out;
    }

    @Test
    void aPresetOrInvariantOutOfStepIsNamed() throws IOException {
        String text = Files.readString(SCHEMA, StandardCharsets.UTF_8);
        String broken =
                text.replace("|bounce-unchecked|", "|bounce-unchekced|").replace("\"no-deadlock\"", "\"no-livelock\"");

        assertThat(SchemaIdLists.differences(broken))
                .containsExactly(
                        "policy presets (engine.op.Policy) at /$defs/policy/pattern: missing [bounce-unchecked],"
                                + " not in the code [bounce-unchekced]",
                        "invariants (engine.invariant.Invariant, with no-deadlock) at /$defs/invariant/enum: missing"
                                + " [no-deadlock], not in the code [no-livelock]");
        assertThat(SchemaIdLists.regenerate(broken)).isEqualTo(SchemaIdLists.regenerate(text));
    }

    @Test
    void thePolicyPatternAcceptsPresetsJoinedByPlusAndNothingElse() throws IOException {
        Pattern policy = Pattern.compile(new ObjectMapper()
                .readTree(Files.readString(SCHEMA, StandardCharsets.UTF_8))
                .at("/$defs/policy/pattern")
                .asString());

        assertThat(Policy.ids()).allMatch(id -> policy.matcher(id).matches());
        assertThat(policy.matcher("async-csum+stable-writes").matches()).isTrue();
        assertThat(policy.matcher("bounce+writeback-skips-pinned+md-bitmap").matches())
                .isTrue();
        assertThat(policy.matcher("bounce-unchecked").matches()).isTrue();
        assertThat(policy.matcher("bounce-uncheck").matches()).isFalse();
        assertThat(policy.matcher("bounce+").matches()).isFalse();
        assertThat(policy.matcher("+bounce").matches()).isFalse();
        assertThat(policy.matcher("bounce++stable-writes").matches()).isFalse();
        assertThat(policy.matcher("").matches()).isFalse();
    }
}
