package org.diolab.app.launch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import javafx.css.CssParser;
import javafx.css.Declaration;
import javafx.css.ParsedValue;
import javafx.css.Rule;
import javafx.css.Stylesheet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The binary stylesheets the build writes (JavaFX reads {@code name.bss} in place of {@code name.css}) say what the
 * stylesheets say: for each of the app's {@code .css}, the {@code .bss} on the class path has the same rules, selector
 * for selector and declaration for declaration, as the text parsed now. A stylesheet edited after the build would fail
 * here rather than be shadowed by its stale binary.
 */
class BinaryStylesheetsTest {
    private static final Path RESOURCES = Path.of("src/main/resources");

    @TempDir
    Path dir;

    @Test
    void everyStylesheetOfTheAppHasABinaryTwinWithTheSameRules() throws IOException {
        List<Path> sheets;
        try (Stream<Path> s = Files.walk(RESOURCES)) {
            sheets = s.filter(p -> p.toString().endsWith(".css")).sorted().toList();
        }
        assertThat(sheets).extracting(p -> p.getFileName().toString()).contains("dio-lab.css", "stage-card.css");
        for (Path css : sheets) {
            String name = RESOURCES.relativize(css).toString();
            URL text = getClass().getResource("/" + name);
            URL binary = getClass().getResource("/" + BinaryStylesheets.binaryOf(Path.of(name)));
            assertThat(binary).as("the build's binary of " + name).isNotNull();
            assertThat(rules(Stylesheet.loadBinary(binary)))
                    .as(name)
                    .isEqualTo(rules(new CssParser().parse(text)))
                    .isNotEmpty();
        }
    }

    @Test
    void anImportedStylesheetsRulesAreInTheBinaryOfTheOneImportingIt() throws IOException {
        Files.writeString(dir.resolve("base.css"), ".card { -fx-padding: 4; }\n");
        Files.writeString(dir.resolve("page.css"), "@import \"base.css\";\n.page { -fx-text-fill: #336699; }\n");
        List<Path> written = BinaryStylesheets.convertAll(dir);
        assertThat(written).containsExactly(dir.resolve("base.bss"), dir.resolve("page.bss"));
        Stylesheet page = Stylesheet.loadBinary(dir.resolve("page.bss").toUri().toURL());
        assertThat(rules(page)).hasSize(2);
        assertThat(String.join("\n", rules(page)))
                .contains("card")
                .contains("page")
                .contains("0x336699ff");
    }

    /** Each rule as its selectors and its declarations (a binary rule reads its declarations when first asked). */
    private static List<String> rules(Stylesheet s) {
        return s.getRules().stream().map(BinaryStylesheetsTest::text).toList();
    }

    private static String text(Rule r) {
        StringBuilder b = new StringBuilder(r.getSelectors().toString()).append(" {");
        for (Declaration d : r.getDeclarations()) {
            b.append('\n').append(d.getProperty()).append(": ").append(show(d.getParsedValue()));
            b.append(d.isImportant() ? " !important" : "");
        }
        return b.append("\n}").toString();
    }

    /** A parsed value, its nested values and arrays of them written out (an array's own toString is its address). */
    private static String show(Object v) {
        if (v instanceof ParsedValue<?, ?> p) {
            String converter = p.getConverter() == null
                    ? ""
                    : " as " + p.getConverter().getClass().getSimpleName();
            return "(" + show(p.getValue()) + converter + (p.isContainsLookups() ? ", looked up" : "") + ")";
        }
        if (v instanceof Object[] a) {
            return java.util.Arrays.stream(a)
                    .map(BinaryStylesheetsTest::show)
                    .toList()
                    .toString();
        }
        return String.valueOf(v);
    }
}
