package org.diolab.app.history;

import java.util.List;
import javafx.beans.value.ObservableValue;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;
import org.diolab.app.lesson.LessonViewModel;
import org.diolab.app.library.LibraryItem;
import org.diolab.app.ui.Labels;
import org.diolab.lesson.HistoryEntry;
import org.diolab.lesson.Lesson;
import org.diolab.lesson.Timeline;

/**
 * "What happened next": the current lesson's epilogue (dated where a source dates it, each fact with its source), then
 * the timeline across all lessons listed in the library (it may still be loading: the timeline follows it), with this
 * lesson's lines marked. Draws from the lessons' data only.
 */
public final class HistoryView extends VBox {
    private final LessonViewModel vm;
    private List<Timeline.Event> timeline = List.of();

    /** @param listed what the library lists (it may still be loading) */
    public HistoryView(LessonViewModel vm, ObservableValue<List<LibraryItem>> listed) {
        super(12);
        this.vm = vm;
        getStyleClass().add("history-view");
        vm.lessonProperty().addListener((o, a, l) -> show(l));
        listed.addListener((o, a, items) -> useLibrary(items));
        useLibrary(listed.getValue());
    }

    private void useLibrary(List<LibraryItem> items) {
        timeline = Timeline.of(items.stream()
                .flatMap(i -> i instanceof LibraryItem.Entry e
                        ? java.util.stream.Stream.of(e.lesson())
                        : java.util.stream.Stream.empty())
                .toList());
        if (vm.lessonProperty().get() != null) {
            show(vm.lessonProperty().get());
        }
    }

    private void show(Lesson l) {
        getChildren().clear();
        getChildren().add(Labels.wrapped("What happened next", "history-title"));
        if (l.epilogue().isEmpty()) {
            getChildren().add(Labels.wrapped("This lesson has no epilogue yet.", "placeholder"));
        }
        for (HistoryEntry h : l.epilogue()) {
            getChildren().add(entry(Timeline.line(h), h.source(), true));
        }
        getChildren().add(Labels.wrapped("Timeline of all lessons", "history-title"));
        for (Timeline.Event e : timeline) {
            VBox event = new VBox(2, Labels.wrapped(e.headline(), "history-when"));
            for (Timeline.Telling t : e.tellings()) {
                Label line = Labels.wrapped(t.summary() + "  [" + t.lesson() + "]", "history-telling");
                if (t.lesson().equals(l.id())) {
                    line.getStyleClass().add("history-this-lesson");
                }
                event.getChildren().add(line);
            }
            getChildren().add(event);
        }
    }

    private static VBox entry(String text, String source, boolean own) {
        VBox box = new VBox(
                2,
                Labels.wrapped(text, own ? "history-entry" : "history-telling"),
                Labels.wrapped("Source: " + source, "history-source"));
        box.getStyleClass().add("history-item");
        return box;
    }
}
