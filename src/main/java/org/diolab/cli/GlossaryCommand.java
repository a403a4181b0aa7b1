package org.diolab.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.diolab.lesson.glossary.Glossary;
import org.diolab.lesson.glossary.GlossaryEntry;
import org.diolab.lesson.glossary.GlossaryFile;
import org.diolab.lesson.glossary.GlossaryUsage;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code dio-lab glossary [TERM] [--format text|json]}: every kernel term the lessons use, or one with its definition,
 * its source and the lessons that use it. A term it does not know is a one-line error naming the nearest terms.
 */
@Command(
        name = "glossary",
        mixinStandardHelpOptions = true,
        description = "The kernel terms the lessons use: all of them, or one with its definition, source and lessons.")
final class GlossaryCommand implements Runnable {
    private static final int WIDTH = 100;

    @Parameters(arity = "0..*", paramLabel = "TERM", description = "A term or one of its spellings (e.g. bi_iter).")
    List<String> words = List.of();

    @Mixin
    FormatOption format = FormatOption.listingFormats();

    @Mixin
    LessonSource source;

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        OutputFormat fmt = format.value();
        Glossary g = glossary();
        PrintWriter out = spec.commandLine().getOut();
        if (words.isEmpty()) {
            switch (fmt) {
                case TEXT -> list(g, out);
                case JSON -> {
                    GlossaryUsage usage = GlossaryUsage.of(g, source.library().lessons());
                    ArrayNode root = TraceJson.MAPPER.createArrayNode();
                    g.entries().forEach(e -> json(root.addObject(), e, usage));
                    out.println(TraceJson.MAPPER.writeValueAsString(root));
                }
            }
            return;
        }
        String term = String.join(" ", words);
        GlossaryEntry e = g.lookup(term).orElseThrow(() -> unknown(g, term));
        GlossaryUsage usage = GlossaryUsage.of(g, source.library().lessons());
        switch (fmt) {
            case TEXT -> one(e, usage, out);
            case JSON ->
                out.println(TraceJson.MAPPER.writeValueAsString(json(TraceJson.MAPPER.createObjectNode(), e, usage)));
        }
    }

    /** The glossary of {@code --lessons DIR} when it has one, else the bundled one. */
    private Glossary glossary() {
        if (source.dir != null && Files.exists(source.dir.resolve("sources").resolve(Glossary.FILE))) {
            try {
                GlossaryFile f = Glossary.load(source.dir.resolve("sources"));
                if (!f.problems().isEmpty()) {
                    spec.commandLine()
                            .getErr()
                            .println("the glossary has problems, the first: "
                                    + f.problems().getFirst().format() + " ('dio-lab check " + source.dir
                                    + "' lists them)");
                }
                return f.glossary();
            } catch (IOException ex) {
                throw new UserError("cannot read the glossary of " + source.dir + ": " + ex.getMessage());
            }
        }
        return Glossary.bundled();
    }

    private static UserError unknown(Glossary g, String term) {
        List<String> near = g.nearest(term, 3);
        return new UserError("unknown term '" + term + "'"
                + (near.isEmpty() ? "" : "; nearest: " + String.join(", ", near))
                + " ('dio-lab glossary' lists every term)");
    }

    private static void list(Glossary g, PrintWriter out) {
        List<GlossaryEntry> all = g.alphabetical();
        int w = all.stream().mapToInt(e -> e.term().length()).max().orElse(10);
        for (GlossaryEntry e : all) {
            out.printf("%-" + w + "s  %s%n", e.term(), firstSentence(e.definition()));
        }
        out.println(all.size() + " terms; 'dio-lab glossary TERM' shows one with its source and the lessons that use"
                + " it.");
    }

    private static void one(GlossaryEntry e, GlossaryUsage usage, PrintWriter out) {
        out.println(e.term() + (e.aliases().isEmpty() ? "" : "  (also: " + String.join(", ", e.aliases()) + ")"));
        wrap(e.definition(), "  ").forEach(out::println);
        out.println("  source:  " + String.join(", ", e.sources()));
        if (!e.see().isEmpty()) {
            out.println("  see:     " + String.join(", ", e.see()));
        }
        if (!e.steps().isEmpty()) {
            out.println("  steps:   " + String.join(", ", e.steps()));
        }
        List<String> lessons = usage.lessons(e);
        out.println("  lessons: " + (lessons.isEmpty() ? "none" : String.join(", ", lessons)));
    }

    private static ObjectNode json(ObjectNode o, GlossaryEntry e, GlossaryUsage usage) {
        o.put("term", e.term());
        e.aliases().forEach(o.putArray("aliases")::add);
        o.put("definition", e.definition());
        e.sources().forEach(o.putArray("sources")::add);
        e.see().forEach(o.putArray("see")::add);
        e.steps().forEach(o.putArray("steps")::add);
        usage.lessons(e).forEach(o.putArray("lessons")::add);
        return o;
    }

    /** Up to the first full stop that ends a sentence ("e.g. " does not). */
    static String firstSentence(String text) {
        int from = 0;
        while (true) {
            int end = text.indexOf(". ", from);
            if (end < 0) {
                return text;
            }
            if (!text.startsWith("e.g", Math.max(0, end - 3)) && !text.startsWith("i.e", Math.max(0, end - 3))) {
                return text.substring(0, end + 1);
            }
            from = end + 2;
        }
    }

    static List<String> wrap(String text, String indent) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder(indent);
        for (String word : text.split("\\s+")) {
            if (line.length() > indent.length() && line.length() + 1 + word.length() > WIDTH) {
                lines.add(line.toString());
                line = new StringBuilder(indent);
            }
            if (line.length() > indent.length()) {
                line.append(' ');
            }
            line.append(word);
        }
        lines.add(line.toString());
        return lines;
    }
}
