package org.diolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every command that prints text or json takes {@code --format} from one {@link FormatOption}: each still refuses an
 * unknown format first, in one line in the words it always used, exit 2, touching nothing; and each lists the option.
 */
class FormatOptionTest {
    private static final String LAB = "dio-lab: --format must be text or json, not 'xml'";
    private static final String LESSONS = "dio-lab: unknown format 'xml'. Formats: text, json";

    @TempDir
    static Path dir;

    static Stream<Arguments> commands() {
        String d = dir.toString();
        return Stream.of(
                Arguments.of(new String[] {"bench", "--dir", d, "--rw", "write"}, LAB),
                Arguments.of(new String[] {"calibrate", "--dir", d, "--no-save"}, LAB),
                Arguments.of(new String[] {"kernel-lab", "--dir", d}, LAB),
                Arguments.of(new String[] {"kernel-lab", "seed-tables", "--dir", d}, LAB),
                Arguments.of(new String[] {"play", "raid1-mirrors-diverge"}, LESSONS),
                Arguments.of(new String[] {"explore", "raid1-mirrors-diverge"}, LESSONS),
                Arguments.of(new String[] {"glossary"}, LESSONS),
                Arguments.of(new String[] {"timeline"}, LESSONS));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("commands")
    void anUnknownFormatIsRefusedFirstInOneLineAndNothingIsTouched(String[] command, String line) throws IOException {
        CliRun r = CliRun.of(
                Stream.concat(Stream.of(command), Stream.of("--format", "xml")).toArray(String[]::new));
        assertThat(r.code()).as(r.err()).isEqualTo(2);
        assertThat(r.err().strip()).isEqualTo(line);
        assertThat(r.out()).isEmpty();
        try (Stream<Path> s = Files.list(dir)) {
            assertThat(s).as("nothing made in --dir").isEmpty();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("commands")
    void theHelpListsTheFormatOption(String[] command, String line) {
        String[] args = command[0].equals("kernel-lab") && command[1].equals("seed-tables")
                ? new String[] {"kernel-lab", "seed-tables", "--help"}
                : new String[] {command[0], "--help"};
        CliRun r = CliRun.of(args);
        assertThat(r.code()).isZero();
        assertThat(r.out().replaceAll("\\s+", " ")).contains(" --format=FMT text or json");
    }
}
