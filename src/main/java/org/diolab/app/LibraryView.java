package org.diolab.app;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.VBox;
import org.diolab.lesson.BrokenLesson;
import org.diolab.lesson.Lesson;
import org.diolab.lesson.LessonLibrary;

/**
 * The lesson library, grouped by topic: each lesson with its seed and one-line goal. A broken file is listed as
 * broken with its first problem, and the rest still open.
 */
public final class LibraryView extends VBox {
    private final ListView<LibraryItem> list = new ListView<>();

    public LibraryView(LessonLibrary library, Consumer<Lesson> open) {
        getStyleClass().add("library-view");
        Label title = new Label("Lessons");
        title.getStyleClass().add("section-title");
        list.setId("library");
        list.getItems().setAll(items(library));
        list.setCellFactory(v -> {
            Cell c = new Cell();
            c.prefWidthProperty().bind(v.widthProperty().subtract(24));
            return c;
        });
        list.getSelectionModel().selectedItemProperty().addListener((o, a, item) -> {
            if (item instanceof LibraryItem.Entry e) {
                open.accept(e.lesson());
            }
        });
        VBox.setVgrow(list, javafx.scene.layout.Priority.ALWAYS);
        getChildren().addAll(title, list);
    }

    /** Selects the lesson with {@code id}, which opens it. */
    public void select(String id) {
        list.getItems().stream().filter(i -> i instanceof LibraryItem.Entry e && e.lesson().id().equals(id))
                .findFirst().ifPresent(i -> {
                    list.getSelectionModel().select(i);
                    list.scrollTo(Math.max(0, list.getItems().indexOf(i) - 1)); // keep its topic heading in view
                });
    }

    static List<LibraryItem> items(LessonLibrary library) {
        Map<String, List<Lesson>> byTopic = new LinkedHashMap<>();
        library.lessons().forEach(l -> byTopic.computeIfAbsent(l.topic(), k -> new ArrayList<>()).add(l));
        List<LibraryItem> out = new ArrayList<>();
        byTopic.forEach((topic, lessons) -> {
            out.add(new LibraryItem.Topic(topic));
            lessons.forEach(l -> out.add(new LibraryItem.Entry(l)));
        });
        if (!library.broken().isEmpty()) {
            out.add(new LibraryItem.Topic("Broken lesson files"));
            library.broken().forEach(b -> out.add(new LibraryItem.Broken(b)));
        }
        return out;
    }

    private static final class Cell extends ListCell<LibraryItem> {
        @Override
        protected void updateItem(LibraryItem item, boolean empty) {
            super.updateItem(item, empty);
            getStyleClass().removeAll("topic-cell", "lesson-cell", "broken-cell");
            setTooltip(null);
            if (empty || item == null) {
                setGraphic(null);
                setText(null);
                setDisable(false);
                return;
            }
            setText(null);
            setWrapText(true);
            switch (item) {
                case LibraryItem.Topic t -> {
                    getStyleClass().add("topic-cell");
                    setGraphic(new Label(t.name().toUpperCase()));
                    setDisable(true);
                }
                case LibraryItem.Entry e -> {
                    getStyleClass().add("lesson-cell");
                    setGraphic(entry(e.lesson()));
                    setDisable(false);
                }
                case LibraryItem.Broken b -> {
                    getStyleClass().add("broken-cell");
                    setGraphic(broken(b.broken()));
                    setTooltip(new Tooltip(String.join("\n", b.broken().problems().stream()
                            .map(p -> p.format()).toList())));
                    setDisable(false);
                }
            }
        }

        private VBox entry(Lesson l) {
            return wrapped(l.title(), l.seedLabel() + " · " + l.goal());
        }

        private VBox broken(BrokenLesson b) {
            return wrapped("broken: " + b.file(), b.summary());
        }

        /** Two wrapped lines that take the cell's width rather than stretching it. */
        private VBox wrapped(String head, String body) {
            Label title = new Label(head);
            title.getStyleClass().add("lesson-title");
            Label meta = new Label(body);
            meta.getStyleClass().add("lesson-meta");
            for (Label x : new Label[] {title, meta}) {
                x.setWrapText(true);
                x.setMinHeight(javafx.scene.layout.Region.USE_PREF_SIZE);
                x.maxWidthProperty().bind(widthProperty().subtract(20));
            }
            return new VBox(2, title, meta);
        }
    }
}
