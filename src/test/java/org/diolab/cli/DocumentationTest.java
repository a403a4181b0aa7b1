package org.diolab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.Command;

/**
 * The README and docs/ stay true to the code: the two commands a newcomer needs are the ones CI runs, every command
 * shown is a real subcommand and docs/cli.md shows them all, and every link between the pages leads somewhere.
 */
class DocumentationTest {
    private static final Path README = Path.of("README.md");
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");
    private static final Pattern FENCE = Pattern.compile("(?s)```.*?```");
    private static final Pattern SHOWN_COMMAND = Pattern.compile("(?m)dio-lab(?:\\.jar)? ([a-z][a-z-]*)");

    private static String read(Path p) throws IOException {
        return Files.readString(p, StandardCharsets.UTF_8);
    }

    private static List<Path> pages() throws IOException {
        List<Path> out = new ArrayList<>(List.of(README, Path.of("lessons", "README.md")));
        try (Stream<Path> docs = Files.list(Path.of("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(out::add);
        }
        return out;
    }

    private static Set<String> subcommands() {
        return Arrays.stream(DioLabCli.class.getAnnotation(Command.class).subcommands())
                .map(c -> c.getAnnotation(Command.class).name())
                .collect(Collectors.toCollection(TreeSet::new));
    }

    /** The commands shown in {@code text}'s code blocks: the word after {@code dio-lab} or {@code dio-lab.jar}. */
    private static Set<String> shownCommands(String text) {
        Set<String> out = new TreeSet<>();
        Matcher block = FENCE.matcher(text);
        while (block.find()) {
            Matcher m = SHOWN_COMMAND.matcher(block.group());
            while (m.find()) {
                out.add(m.group(1));
            }
        }
        return out;
    }

    @Test
    void theReadmesTwoCommandsAreTheAppAndWhatCiRuns() throws IOException {
        String readme = read(README);
        List<String> ci = read(Path.of(".ci", "run"))
                .lines()
                .map(String::strip)
                .filter(l -> l.startsWith("mvn "))
                .toList();

        assertThat(readme).contains("| start the app | `mvn -B javafx:run` |");
        assertThat(ci).containsExactly("mvn -B verify");
        assertThat(readme).contains("| run the tests | `" + ci.getFirst() + "` |");
        assertThat(readme.lines().toList().indexOf("| run the tests | `mvn -B verify` |"))
                .as("the two commands are near the top")
                .isLessThan(40);
    }

    @Test
    void everyCommandShownIsASubcommandAndTheCliPageShowsThemAll() throws IOException {
        Set<String> known = subcommands();
        for (Path page : pages()) {
            assertThat(known).as("commands shown in %s", page).containsAll(shownCommands(read(page)));
        }
        assertThat(shownCommands(read(Path.of("docs", "cli.md"))))
                .as("docs/cli.md shows every subcommand")
                .containsAll(known);
    }

    @Test
    void everyRelativeLinkLeadsToAFileAndHeadingThatExist() throws IOException {
        List<String> broken = new ArrayList<>();
        for (Path page : pages()) {
            Matcher m = LINK.matcher(FENCE.matcher(read(page)).replaceAll(""));
            while (m.find()) {
                String link = m.group(1);
                if (link.matches("[a-z]+:.*")) {
                    continue; // http(s), mailto: outside the repository
                }
                int hash = link.indexOf('#');
                String file = hash < 0 ? link : link.substring(0, hash);
                Path target = file.isEmpty() ? page : page.resolveSibling(file).normalize();
                if (!Files.exists(target)) {
                    broken.add(page + ": " + link + " (no such file)");
                } else if (hash >= 0
                        && target.toString().endsWith(".md")
                        && !headings(target).contains(link.substring(hash + 1))) {
                    broken.add(page + ": " + link + " (no such heading in " + target + ")");
                }
            }
        }
        assertThat(broken).isEmpty();
    }

    /** The anchors of {@code page}'s headings, as GitHub writes them. */
    private static Set<String> headings(Path page) throws IOException {
        return FENCE.matcher(read(page))
                .replaceAll("")
                .lines()
                .filter(l -> l.startsWith("#"))
                .map(l -> l.replaceFirst("^#+ ", "")
                        .toLowerCase(Locale.ROOT)
                        .replaceAll("[^\\p{L}\\p{N} _-]", "")
                        .replace(' ', '-'))
                .collect(Collectors.toSet());
    }
}
