package org.diolab.app.ui;

import java.util.ArrayList;
import java.util.List;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.scene.Cursor;
import javafx.scene.Node;
import javafx.scene.text.Text;
import javafx.scene.text.TextFlow;
import org.diolab.lesson.glossary.Glossary;
import org.diolab.lesson.glossary.GlossaryEntry;
import org.diolab.lesson.glossary.GlossarySpan;

/**
 * Prose in which every kernel term the glossary knows is marked: resting the pointer on one shows what it is, clicking
 * it opens the glossary there ({@link TermEvent}). From the keyboard: Tab reaches each term in turn and shows its tip,
 * Enter opens it. Wraps to its width like {@link Labels#wrapped}; style it through
 * its style class ({@code -fx-font-*} reach the words, {@code .term-text .text} colours them).
 */
public final class TermText extends TextFlow {
    private final Glossary glossary;
    private final StringProperty text = new SimpleStringProperty(this, "text", "");

    public TermText(String style) {
        this(Glossary.bundled(), "", style);
    }

    public TermText(String content, String style) {
        this(Glossary.bundled(), content, style);
    }

    public TermText(Glossary glossary, String content, String style) {
        this.glossary = glossary;
        getStyleClass().addAll("term-text", style);
        text.addListener((o, a, t) -> build(t == null ? "" : t));
        text.set(content);
        build(content);
        setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
    }

    public StringProperty textProperty() {
        return text;
    }

    /** The whole text, as a label's would be (what a screen reader and a test read). */
    public String getText() {
        return text.get();
    }

    public void setText(String t) {
        text.set(t);
    }

    /** The terms marked in the text, in order (with repeats), for tests and the glossary's "on this step". */
    public List<GlossaryEntry> terms() {
        List<GlossaryEntry> out = new ArrayList<>();
        for (Node n : getChildren()) {
            if (n.getProperties().get(GlossaryEntry.class) instanceof GlossaryEntry e) {
                out.add(e);
            }
        }
        return out;
    }

    private void build(String t) {
        List<Node> parts = new ArrayList<>();
        int at = 0;
        for (GlossarySpan s : glossary.find(t)) {
            if (s.start() > at) {
                parts.add(plain(t.substring(at, s.start())));
            }
            parts.add(term(s.in(t), s.entry()));
            at = s.end();
        }
        if (at < t.length()) {
            parts.add(plain(t.substring(at)));
        }
        getChildren().setAll(parts);
        setAccessibleText(t);
    }

    private static Text plain(String s) {
        Text t = new Text(s);
        t.getStyleClass().add("text");
        return t;
    }

    private Text term(String s, GlossaryEntry e) {
        Text t = plain(s);
        t.getStyleClass().add("term");
        t.getProperties().put(GlossaryEntry.class, e);
        t.setCursor(Cursor.HAND);
        t.setFocusTraversable(true);
        t.setAccessibleRole(javafx.scene.AccessibleRole.HYPERLINK);
        t.setAccessibleHelp(TermTips.describe(e));
        TermTips.install(t, List.of(e));
        t.setOnMouseClicked(ev -> t.fireEvent(new TermEvent(e)));
        t.setOnKeyPressed(ev -> {
            if (ev.getCode() == javafx.scene.input.KeyCode.ENTER) {
                ev.consume();
                t.fireEvent(new TermEvent(e));
            }
        });
        return t;
    }
}
