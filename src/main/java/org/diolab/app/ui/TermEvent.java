package org.diolab.app.ui;

import javafx.event.Event;
import javafx.event.EventType;
import org.diolab.lesson.glossary.GlossaryEntry;

/**
 * The learner asked to read a kernel term in full (clicked it in a narration, a question, a card): bubbles up to the
 * window, which opens the glossary at the entry. Whoever shows a term needs to know nothing of where it is read.
 */
public final class TermEvent extends Event {
    public static final EventType<TermEvent> OPEN = new EventType<>(Event.ANY, "TERM_OPEN");

    private final transient GlossaryEntry entry;

    public TermEvent(GlossaryEntry entry) {
        super(OPEN);
        this.entry = entry;
    }

    public GlossaryEntry entry() {
        return entry;
    }
}
