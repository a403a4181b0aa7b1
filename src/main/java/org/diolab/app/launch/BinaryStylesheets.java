package org.diolab.app.launch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import javafx.css.Stylesheet;

/**
 * Writes a binary stylesheet ({@code .bss}) beside every {@code .css} under a folder: run by {@code mvn package} on
 * the compiled classes. JavaFX looks for {@code name.bss} before it parses {@code name.css}, and reads it without
 * parsing; parsing the app's stylesheets (the window's, the stage's, each card's) on the FX thread was an eighth of
 * that thread's work before the first lesson was drawn (JFR). AtlantaFX ships its themes that way already.
 */
public final class BinaryStylesheets {
    private BinaryStylesheets() {}

    /** {@code BinaryStylesheets DIR}: converts each stylesheet under DIR (silent: a build step; it fails loudly). */
    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            throw new IllegalArgumentException("usage: BinaryStylesheets DIR");
        }
        if (convertAll(Path.of(args[0])).isEmpty()) {
            throw new IllegalStateException("no stylesheet under " + args[0]);
        }
    }

    /** Converts every {@code .css} under {@code dir}; returns the {@code .bss} files written. */
    static List<Path> convertAll(Path dir) throws IOException {
        List<Path> sources;
        try (Stream<Path> s = Files.walk(dir)) {
            sources = s.filter(p -> p.getFileName().toString().endsWith(".css"))
                    .sorted()
                    .toList();
        }
        for (Path css : sources) {
            Stylesheet.convertToBinary(css.toFile(), binaryOf(css).toFile());
        }
        return sources.stream().map(BinaryStylesheets::binaryOf).toList();
    }

    /** {@code x.css} → {@code x.bss}, where JavaFX looks for it. */
    static Path binaryOf(Path css) {
        String name = css.getFileName().toString();
        return css.resolveSibling(name.substring(0, name.length() - ".css".length()) + ".bss");
    }
}
