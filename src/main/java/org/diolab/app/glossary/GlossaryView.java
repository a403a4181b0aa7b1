package org.diolab.app.glossary;

import java.util.List;
import java.util.function.Consumer;
import javafx.geometry.Insets;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextField;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.diolab.app.ui.Labels;
import org.diolab.app.ui.TermEvent;
import org.diolab.app.ui.TermText;
import org.diolab.lesson.glossary.GlossaryEntry;

/**
 * The Glossary: every kernel term of the lessons, searchable, each with what it is, where the kernel says so, the
 * related terms, the lanes' step labels it explains and the lessons that use it. A term clicked anywhere in the app
 * opens here ({@link #show}).
 */
public final class GlossaryView extends BorderPane {
    private final GlossaryViewModel vm;
    private final Consumer<String> openLesson;
    private final TextField search = new TextField();
    private final ListView<GlossaryEntry> list = new ListView<>();
    private final VBox entry = new VBox(10);

    /** @param openLesson opens a lesson by id (a "used in" link) */
    public GlossaryView(GlossaryViewModel vm, Consumer<String> openLesson) {
        this.vm = vm;
        this.openLesson = openLesson;
        getStyleClass().add("glossary-view");
        setId("glossary-view");

        Label title = new Label("Glossary");
        title.getStyleClass().add("glossary-title");
        search.setId("glossary-search");
        search.setPromptText("Search a term: bio, pin, end_io, stable pages…");
        search.textProperty().addListener((o, a, t) -> vm.search(t));
        HBox.setHgrow(search, Priority.ALWAYS);
        Label status = new Label();
        status.setId("glossary-status");
        status.getStyleClass().add("glossary-status");
        status.textProperty().bind(vm.statusProperty());
        status.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        HBox top = new HBox(12, title, search, status);
        top.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        top.setPadding(new Insets(10, 14, 10, 14));
        setTop(top);

        list.setId("glossary-list");
        list.setPrefWidth(260);
        list.setMinWidth(180);
        list.setCellFactory(v -> new ListCell<>() {
            @Override
            protected void updateItem(GlossaryEntry e, boolean empty) {
                super.updateItem(e, empty);
                setText(empty || e == null ? null : e.term());
                setMnemonicParsing(false);
            }
        });
        list.getItems().setAll(vm.matchesProperty().get());
        vm.matchesProperty().addListener((o, a, m) -> list.getItems().setAll(m));
        list.getSelectionModel().selectedItemProperty().addListener((o, a, e) -> {
            if (e != null) {
                vm.show(e);
            }
        });
        setLeft(list);
        BorderPane.setMargin(list, new Insets(0, 0, 10, 14));

        entry.setId("glossary-entry");
        entry.getStyleClass().add("glossary-entry");
        entry.setPadding(new Insets(4, 18, 14, 18));
        ScrollPane scroll = new ScrollPane(entry);
        scroll.setFitToWidth(true);
        setCenter(scroll);
        vm.shownProperty().addListener((o, a, e) -> draw(e));
        vm.usageProperty().addListener((o, a, u) -> draw(vm.shownProperty().get()));
        // A term clicked inside a definition opens that term, here.
        entry.addEventHandler(TermEvent.OPEN, ev -> {
            ev.consume();
            show(ev.entry());
        });
        draw(null);
    }

    /** Shows {@code e}'s whole entry and selects it in the list (clearing a search that would hide it). */
    public void show(GlossaryEntry e) {
        if (!vm.matchesProperty().get().contains(e)) {
            search.setText("");
        }
        list.getSelectionModel().select(e);
        list.scrollTo(e);
        vm.show(e);
    }

    /** The search box (focus it to type). */
    public TextField searchField() {
        return search;
    }

    private void draw(GlossaryEntry e) {
        entry.getChildren().clear();
        if (e == null) {
            entry.getChildren()
                    .add(Labels.wrapped(
                            "Pick a term on the left, or search. Terms are marked in the narration, the quiz and "
                                    + "on the stage: rest the pointer on one to read it, click it to open it here.",
                            "placeholder"));
            return;
        }
        Label term = new Label(e.term());
        term.setId("glossary-term");
        term.getStyleClass().add("glossary-term");
        term.setMnemonicParsing(false);
        entry.getChildren().add(term);
        if (!e.aliases().isEmpty()) {
            entry.getChildren().add(Labels.wrapped("Also: " + String.join(", ", e.aliases()), "glossary-aliases"));
        }
        TermText definition = new TermText(vm.glossary(), e.definition(), "glossary-definition");
        definition.setId("glossary-definition");
        entry.getChildren().add(definition);
        section(
                "Where the kernel says so",
                e.sources().stream().map(s -> sourceLabel(s)).toList());
        section(
                "See also",
                e.see().stream()
                        .map(s -> link(s, () -> vm.glossary().lookup(s).ifPresent(this::show)))
                        .toList());
        if (!e.steps().isEmpty()) {
            section(
                    "Explains the lanes' steps",
                    e.steps().stream().map(s -> (javafx.scene.Node) code(s)).toList());
        }
        List<String> lessons = vm.lessonsUsing(e);
        if (vm.usageProperty().get() != null) {
            section(
                    "Used in",
                    lessons.isEmpty()
                            ? List.of(Labels.wrapped("no lesson listed in the library", "placeholder"))
                            : lessons.stream()
                                    .map(id -> (javafx.scene.Node) link(id, () -> openLesson.accept(id)))
                                    .toList());
        }
    }

    private void section(String title, List<? extends javafx.scene.Node> items) {
        if (items.isEmpty()) {
            return;
        }
        Label t = new Label(title);
        t.getStyleClass().add("section-title");
        FlowPane flow = new FlowPane(8, 4);
        flow.getChildren().addAll(items);
        flow.getStyleClass()
                .add("glossary-" + title.toLowerCase().replace(' ', '-').replace("'", ""));
        entry.getChildren().addAll(t, flow);
    }

    private static Label sourceLabel(String s) {
        Label l = code(s);
        l.getStyleClass().add("glossary-source");
        return l;
    }

    private static Label code(String s) {
        Label l = new Label(s);
        l.setMnemonicParsing(false);
        l.getStyleClass().add("glossary-code");
        return l;
    }

    private static Hyperlink link(String text, Runnable action) {
        Hyperlink h = new Hyperlink(text);
        h.setMnemonicParsing(false);
        h.setOnAction(ev -> action.run());
        return h;
    }
}
