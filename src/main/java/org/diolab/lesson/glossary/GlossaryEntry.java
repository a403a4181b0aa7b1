package org.diolab.lesson.glossary;

import java.util.ArrayList;
import java.util.List;

/**
 * One kernel term: what it is called, what it is, and where the kernel says so.
 *
 * @param term       the headword, as the glossary lists it ({@code bio}, {@code FOLL_PIN}, {@code ordered extent})
 * @param aliases    other names and spellings found in the lessons ({@code bios}, {@code struct bio}, {@code end-io})
 * @param definition one or two sentences for a student who knows what a process, a page and a system call are
 * @param sources    where it comes from: kernel tree paths ({@code include/linux/blk_types.h}), documents
 *                   ({@code Documentation/block/biovecs.rst}), a seed thread in {@code lessons/sources/} or a web
 *                   page
 * @param see        related terms, by headword
 * @param steps      the step labels (as lanes show them: {@code end-io}, {@code dma}) this term explains
 * @param line       where the entry starts in the glossary file, for messages
 */
public record GlossaryEntry(
        String term,
        List<String> aliases,
        String definition,
        List<String> sources,
        List<String> see,
        List<String> steps,
        int line) {
    public GlossaryEntry {
        aliases = List.copyOf(aliases);
        sources = List.copyOf(sources);
        see = List.copyOf(see);
        steps = List.copyOf(steps);
    }

    /** The headword, then the aliases: every name the entry is found by. */
    public List<String> names() {
        List<String> out = new ArrayList<>();
        out.add(term);
        out.addAll(aliases);
        return out;
    }
}
