package org.diolab.lesson;

import static org.assertj.core.api.Assertions.assertThat;

import com.networknt.schema.Error;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/** lessons/lesson.schema.json accepts every shipped lesson, and rejects what the format forbids. */
class LessonSchemaTest {
    private static final Path LESSONS = Path.of("lessons");
    private static final Schema SCHEMA = schema();

    private static Schema schema() {
        try {
            return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
                    .getSchema(Files.readString(LESSONS.resolve("lesson.schema.json")), InputFormat.JSON);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<Error> errors(String yaml) {
        return SCHEMA.validate(yaml, InputFormat.YAML);
    }

    /** "location keyword" of each error, e.g. "/policies/1/id pattern". */
    private static List<String> where(String yaml) {
        return errors(yaml).stream()
                .map(e -> e.getInstanceLocation() + " " + e.getKeyword())
                .distinct()
                .toList();
    }

    @TestFactory
    List<DynamicTest> everyShippedLessonValidatesAgainstTheSchema() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        List<String> ids = new ArrayList<>();
        try (Stream<Path> files = Files.list(LESSONS)) {
            for (Path f :
                    files.filter(p -> p.toString().endsWith(".yaml")).sorted().toList()) {
                ids.add(f.getFileName().toString().replace(".yaml", ""));
                tests.add(DynamicTest.dynamicTest(
                        f.getFileName().toString(),
                        () -> assertThat(errors(Files.readString(f)))
                                .as(f.toString())
                                .isEmpty()));
            }
        }
        assertThat(ids)
                .as("the lesson files validated here are the lessons the app ships")
                .containsExactlyInAnyOrderElementsOf(LessonLoader.loadBundled().ids());
        return tests;
    }

    private static String raid1() throws IOException {
        return Files.readString(LESSONS.resolve("raid1-mirrors-diverge.yaml"));
    }

    @Test
    void aMisspeltTopLevelKeyIsRejected() throws IOException {
        assertThat(errors(raid1().replace("\ngoal: ", "\ngaol: ")))
                .extracting(Error::getMessage)
                .containsExactlyInAnyOrder(
                        "required property 'goal' not found",
                        "property 'gaol' is not defined in the schema and the schema does not allow additional"
                                + " properties");
    }

    @Test
    void anUnknownPolicyOrPolicyPartIsRejectedWhereItIsWritten() throws IOException {
        assertThat(where(raid1().replace("  - id: bounce\n", "  - id: bounse\n")))
                .containsExactly("/policies/1/id pattern");
        assertThat(errors(raid1().replace("  - id: bounce\n", "  - id: bounce+stable-writes\n")))
                .isEmpty();
        assertThat(where(raid1().replace("  - id: bounce\n", "  - id: bounce+stabel-writes\n")))
                .containsExactly("/policies/1/id pattern");
        assertThat(where(raid1().replace("  bounce: []\n", "  bounse: []\n"))).containsExactly("/expect propertyNames");
    }

    @Test
    void anUnknownInvariantIsRejectedWhereItIsWritten() throws IOException {
        assertThat(where(raid1().replace("zero-copy: [mirrors-agree]", "zero-copy: [mirrors-agre]")))
                .containsExactly("/expect/zero-copy/0 enum");
    }

    @Test
    void aQuoteWithoutItsSpeakerOrAnUnknownOperationIsRejected() throws IOException {
        assertThat(errors(raid1().replace("      speaker: Jan Kara\n", "\n")))
                .filteredOn(e -> e.getKeyword().equals("dependentRequired"))
                .extracting(Error::getMessage)
                .isNotEmpty()
                .allMatch(m -> m.equals("has a missing property 'speaker' which is dependent required because"
                        + " 'quote' is present"));
        assertThat(where(raid1().replace("- dio_write: {bio: w1", "- dio_writ: {bio: w1")))
                .containsExactly("/actors/0/ops/0 additionalProperties");
    }

    @Test
    void anEpilogueDateMustBeADate() throws IOException {
        assertThat(where(raid1().replace("when: \"2025-10-20\"", "when: \"October 2025\"")))
                .containsExactly("/epilogue/0/when pattern");
    }
}
