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

    @TestFactory
    List<DynamicTest> everyShippedLessonValidatesAgainstTheSchema() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        try (Stream<Path> files = Files.list(LESSONS)) {
            for (Path f :
                    files.filter(p -> p.toString().endsWith(".yaml")).sorted().toList()) {
                tests.add(DynamicTest.dynamicTest(
                        f.getFileName().toString(),
                        () -> assertThat(errors(Files.readString(f)))
                                .as(f.toString())
                                .isEmpty()));
            }
        }
        assertThat(tests).hasSizeGreaterThanOrEqualTo(17);
        return tests;
    }

    private static String raid1() throws IOException {
        return Files.readString(LESSONS.resolve("raid1-mirrors-diverge.yaml"));
    }

    @Test
    void aMisspeltTopLevelKeyIsRejected() throws IOException {
        assertThat(errors(raid1().replace("\ngoal: ", "\ngaol: ")))
                .extracting(Error::getMessage)
                .anyMatch(m -> m.contains("gaol"));
    }

    @Test
    void anUnknownPolicyOrPolicyPartIsRejected() throws IOException {
        assertThat(errors(raid1().replace("  - id: bounce\n", "  - id: bounse\n")))
                .isNotEmpty();
        assertThat(errors(raid1().replace("  - id: bounce\n", "  - id: bounce+stable-writes\n")))
                .isEmpty();
        assertThat(errors(raid1().replace("  - id: bounce\n", "  - id: bounce+stabel-writes\n")))
                .isNotEmpty();
    }

    @Test
    void aQuoteWithoutItsSpeakerOrAnUnknownOperationIsRejected() throws IOException {
        assertThat(errors(raid1().replace("      speaker: Jan Kara\n", "\n"))).isNotEmpty();
        assertThat(errors(raid1().replace("- dio_write: {bio: w1", "- dio_writ: {bio: w1")))
                .isNotEmpty();
    }

    @Test
    void anEpilogueDateMustBeADate() throws IOException {
        assertThat(errors(raid1().replace("when: \"2025-10-20\"", "when: \"October 2025\"")))
                .isNotEmpty();
    }
}
