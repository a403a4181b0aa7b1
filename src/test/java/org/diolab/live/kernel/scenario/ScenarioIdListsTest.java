package org.diolab.live.kernel.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.diolab.lesson.KernelLabRef;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The registry ({@link Scenario}) is the one list of kernel-lab scenarios; the lists that cannot read it say the same
 * ids in the same order, and this test names what is missing or extra. The lesson schema's list is for editors:
 * {@code -Dschema.update=true} writes it from the registry. The lesson format's list ({@link KernelLabRef#SCENARIOS})
 * lives where lessons may read it, since lessons do not depend on the kernel lab.
 */
class ScenarioIdListsTest {
    private static final Path SCHEMA = Path.of("lessons", "lesson.schema.json");
    private static final Pattern SCHEMA_LIST = Pattern.compile("(\"scenario\": \\{\"enum\": \\[)([^\\]]*)(\\]\\})");

    private static List<String> registry() {
        return Arrays.stream(Scenario.values()).map(Scenario::id).toList();
    }

    @Test
    void theLessonSchemaListsTheRegistrysScenarios() throws IOException {
        String text = Files.readString(SCHEMA);
        if (Boolean.getBoolean("schema.update")) {
            Matcher m = SCHEMA_LIST.matcher(text);
            assertThat(m.find()).as("the kernel_lab scenario enum in " + SCHEMA).isTrue();
            String ids = registry().stream().map(id -> "\"" + id + "\"").collect(Collectors.joining(", "));
            text = text.substring(0, m.start(2)) + ids + text.substring(m.end(2));
            Files.writeString(SCHEMA, text);
        }
        JsonNode list =
                JsonMapper.builder().build().readTree(text).at("/properties/kernel_lab/items/properties/scenario/enum");
        List<String> schema = new ArrayList<>();
        list.forEach(n -> schema.add(n.asString()));
        assertThat(schema)
                .as(differences(SCHEMA + "'s kernel_lab scenarios", schema)
                        + " (-Dschema.update=true writes them from the registry)")
                .containsExactlyElementsOf(registry());
    }

    @Test
    void theLessonFormatNamesTheRegistrysScenarios() {
        assertThat(KernelLabRef.SCENARIOS)
                .as(differences("KernelLabRef.SCENARIOS", KernelLabRef.SCENARIOS))
                .containsExactlyElementsOf(registry());
    }

    @Test
    void theCommandsHelpNamesEveryScenario() {
        assertThat(Scenario.ids()).isEqualTo(String.join(", ", registry()));
        assertThat(Scenario.fileLevelIds().split(", "))
                .allSatisfy(id ->
                        assertThat(Scenario.byId(id).orElseThrow().fileLevel()).isTrue());
    }

    /** "X lacks [a] and has [b] that the registry has not" for the assertion's description. */
    private static String differences(String what, List<String> ids) {
        List<String> missing = new ArrayList<>(registry());
        missing.removeAll(ids);
        List<String> extra = new ArrayList<>(ids);
        extra.removeAll(registry());
        return what + " lacks " + missing + " and has " + extra + " that the registry (Scenario) has not";
    }
}
