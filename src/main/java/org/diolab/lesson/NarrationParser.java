package org.diolab.lesson;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.diolab.engine.Narration;
import org.diolab.engine.NarrationBook;
import org.diolab.engine.NarrationRule;
import org.diolab.engine.op.Policy;
import org.diolab.lesson.yaml.Node;

/**
 * Reads a lesson's narration and checks each quote against the source thread it names: a lesson must never put words
 * in a kernel developer's mouth.
 */
final class NarrationParser {
    private final Problems problems;
    private final SourceTexts sources;
    private final Set<String> seedFiles;
    private final List<Node> ruleNodes = new ArrayList<>();

    NarrationParser(Problems problems, SourceTexts sources, Set<String> seedFiles) {
        this.problems = problems;
        this.sources = sources;
        this.seedFiles = seedFiles;
    }

    /** Where each rule of the last parse was written, in the book's order. */
    List<Node> ruleNodes() {
        return List.copyOf(ruleNodes);
    }

    /** {@code steps} checks that each {@code at: actor.label[#n]} names a step some policy produces. */
    NarrationBook parse(Node node, StepCatalog steps) {
        Fields f = Fields.of(node, problems, "narration");
        if (f == null) {
            return NarrationBook.empty();
        }
        Narration intro = f.has("intro") ? narration(f.raw("intro"), "narration.intro") : null;
        Narration outro = f.has("outro") ? narration(f.raw("outro"), "narration.outro") : null;
        List<NarrationRule> rules = new ArrayList<>();
        for (Node item : f.list("steps", true)) {
            Fields step = Fields.of(item, problems, "a narration step");
            if (step == null) {
                continue;
            }
            String at = step.text("at");
            Policy policy = null;
            String policyId = step.optText("policy", null);
            if (policyId != null) {
                try {
                    policy = Policy.parse(policyId);
                } catch (IllegalArgumentException e) {
                    problems.at(
                            step.node().entries().get("policy"), e.getMessage(), Suggest.hint(policyId, Policy.ids()));
                }
            }
            String on = step.optText("on", null);
            Boolean blocked = null;
            if (on != null) {
                if (!on.equals("step") && !on.equals("blocked")) {
                    problems.at(
                            step.node().entries().get("on"),
                            "'on' must be step or blocked, found '" + on + "'",
                            "'on: blocked' narrates the moment the actor is found waiting; 'on: step' the step itself");
                } else {
                    blocked = on.equals("blocked");
                }
            }
            Narration n = narrationFields(step, "a narration step");
            step.rejectUnknown();
            if (at == null || n == null) {
                continue;
            }
            int dot = at.indexOf('.');
            if (dot <= 0 || dot == at.length() - 1) {
                problems.at(
                        step.node().entries().get("at"),
                        "'at' must be actor.label, found '" + at + "'",
                        "e.g. 'at: app.submit' or 'at: leg1.dma'");
                continue;
            }
            String actor = at.substring(0, dot);
            String label = at.substring(dot + 1);
            int occurrence = 0;
            int hash = label.indexOf('#');
            if (hash >= 0) {
                try {
                    occurrence = Integer.parseInt(label.substring(hash + 1));
                } catch (NumberFormatException e) {
                    occurrence = -1;
                }
                label = label.substring(0, hash);
                if (occurrence < 1) {
                    problems.at(
                            step.node().entries().get("at"),
                            "'" + at + "': the number after # must be 1 or more",
                            "'leg0.dma#2' narrates leg0's second DMA");
                    continue;
                }
            }
            String unknown = steps.unknownStep(actor, label);
            if (unknown != null) {
                problems.at(step.node().entries().get("at"), unknown, steps.hint(actor, label));
                continue;
            }
            rules.add(new NarrationRule(actor, label, occurrence, policy, blocked, n));
            ruleNodes.add(item);
        }
        f.rejectUnknown();
        return new NarrationBook(intro, outro, rules);
    }

    private Narration narration(Node node, String where) {
        Fields f = Fields.of(node, problems, where);
        if (f == null) {
            return null;
        }
        Narration n = narrationFields(f, where);
        f.rejectUnknown();
        return n;
    }

    private Narration narrationFields(Fields f, String where) {
        String text = f.text("text");
        String quote = f.optText("quote", null);
        String source = f.optText("source", null);
        String speaker = f.optText("speaker", null);
        if (quote != null) {
            Node quoteNode = f.node().entries().get("quote");
            if (source == null) {
                problems.at(
                        quoteNode,
                        where + " quotes without naming its 'source'",
                        "add 'source:' with the seed file, one of " + String.join(", ", seedFiles));
            } else if (!sources.has(source)) {
                problems.at(
                        f.node().entries().get("source"),
                        sources.missing("source", source),
                        sources.missingHint(source));
            } else if (!sources.contains(source, quote)) {
                problems.at(
                        quoteNode,
                        "quote not found verbatim in " + source + ": \"" + abbreviate(quote) + "\"",
                        "copy the words exactly from the thread (line breaks may differ)");
            } else {
                checkSpeaker(f, where, quote, source, speaker);
            }
        }
        return text == null ? null : new Narration(text, quote, source, speaker);
    }

    /** The speaker must be the author of the quoted words: found in their own text, not in what they quote. */
    private void checkSpeaker(Fields f, String where, String quote, String source, String speaker) {
        ThreadAuthors thread = sources.authors(source);
        java.util.Set<String> writers = thread.writersOf(quote);
        String who = writers.isEmpty() ? null : String.join(" or ", writers);
        if (speaker == null) {
            problems.at(
                    f.node().entries().get("quote"),
                    where + " quotes without naming its 'speaker'",
                    who == null
                            ? "name who wrote the words"
                            : "add 'speaker: " + writers.iterator().next() + "'");
            return;
        }
        if (writers.contains(ThreadAuthors.canonical(speaker))) {
            return;
        }
        Node at = f.node().entries().get("speaker");
        java.util.Set<String> carriers = thread.carriersOf(quote);
        if (who == null && !carriers.isEmpty()) {
            if (!speaker.matches(".*\\b[0-9a-f]{12,40}\\b.*") || carriers.contains(ThreadAuthors.canonical(speaker))) {
                problems.at(
                        at,
                        "the quote is code that " + String.join(", ", carriers) + "'s patch removes or keeps " + "in "
                                + source + ", not words of the mail",
                        "name the code's author and its commit, e.g. " + "'speaker: Jan Kara (16c54688592c)'");
            }
            return;
        }
        if (who != null) {
            problems.at(
                    at,
                    "these are not " + speaker + "'s words in " + source + ": " + who + " wrote them",
                    "set 'speaker: " + writers.iterator().next() + "'");
        } else {
            java.util.Set<String> quoters = thread.quotersOf(quote);
            problems.at(
                    at,
                    "the quote is not in any one message's own text in " + source
                            + (quoters.isEmpty() ? "" : " (" + String.join(", ", quoters) + " quote it)"),
                    "quote words of one message, without the '>' lines it quotes");
        }
    }

    private static String abbreviate(String s) {
        String n = SourceTexts.normalize(s);
        return n.length() <= 60 ? n : n.substring(0, 57) + "...";
    }
}
