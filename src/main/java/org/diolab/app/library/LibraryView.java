package org.diolab.app.library;

import java.io.File;
import java.nio.file.Path;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.Tooltip;
import javafx.scene.input.DragEvent;
import javafx.scene.input.TransferMode;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.DirectoryChooser;
import javafx.stage.FileChooser;
import org.diolab.lesson.BrokenLesson;
import org.diolab.lesson.LearningPath;
import org.diolab.lesson.Lesson;
import org.diolab.lesson.Problem;

/**
 * The lesson library, grouped by topic: each lesson with its seed and one-line goal, then the user's own folders. A
 * broken file is listed with its problems as {@code file:line:column}, and the rest still open. Lessons come in by the
 * Open menu or by dropping a folder or {@code .yaml} file on the window.
 */
public final class LibraryView extends VBox {
    /** Problems listed under a broken file; the tooltip has them all. */
    static final int PROBLEMS_SHOWN = 3;

    private final ListView<LibraryItem> list = new ListView<>();
    private final LibraryViewModel vm;
    /** While the items are rebuilt: re-selecting the lesson on show is not the user opening it (at step 0). */
    private boolean replacing;

    public LibraryView(LibraryViewModel vm) {
        this.vm = vm;
        getStyleClass().add("library-view");
        Label title = new Label("Lessons");
        title.getStyleClass().add("section-title");
        HBox.setHgrow(title, Priority.ALWAYS);
        title.setMaxWidth(Double.MAX_VALUE);
        MenuItem folder = new MenuItem("Open a lessons folder…");
        folder.setOnAction(e -> chooseFolder());
        MenuItem file = new MenuItem("Open a lesson file…");
        file.setOnAction(e -> chooseFile());
        MenuButton open = new MenuButton("Open");
        open.setId("library-open");
        open.setTooltip(new Tooltip("Your own lessons: a folder of .yaml files (with sources/) or one file. "
                + "You can also drop them on the window. They are watched and reloaded when you save."));
        open.getItems().addAll(folder, file);
        open.setFocusTraversable(false);
        HBox header = new HBox(8, title, open);
        header.setAlignment(javafx.geometry.Pos.CENTER_LEFT);

        list.setId("library");
        ProgressIndicator spinner = new ProgressIndicator();
        spinner.setPrefSize(28, 28);
        Label loading = new Label("Loading lessons…", spinner);
        loading.getStyleClass().add("placeholder");
        list.placeholderProperty()
                .bind(javafx.beans.binding.Bindings.when(vm.loadingProperty())
                        .then((Node) loading)
                        .otherwise(new Label("No lessons")));
        list.getItems().setAll(vm.itemsProperty().get());
        vm.itemsProperty().addListener((o, a, items) -> replace(items));
        list.setCellFactory(v -> {
            Cell c = new Cell();
            c.prefWidthProperty().bind(v.widthProperty().subtract(24));
            return c;
        });
        list.getSelectionModel().selectedItemProperty().addListener((o, a, item) -> {
            if (item instanceof LibraryItem.Entry e && vm != null && !replacing) {
                vm.open(e.lesson());
            }
        });
        Label status = new Label();
        status.setId("library-status");
        status.getStyleClass().add("library-status");
        status.setWrapText(true);
        status.setMinHeight(Region.USE_PREF_SIZE);
        status.textProperty().bind(vm.statusProperty());
        status.managedProperty().bind(status.textProperty().isNotEmpty());
        VBox.setVgrow(list, Priority.ALWAYS);
        getChildren().addAll(header, list, status);
        acceptDrops(this);
        // Unfolded (the header's library button) after a lesson was opened folded: its row was never laid out, so
        // the list showed whatever it scrolled to while hidden. Bring the lesson on show into view.
        visibleProperty().addListener((o, was, shown) -> {
            int at = list.getSelectionModel().getSelectedIndex();
            if (shown && at >= 0) {
                reveal(at);
            }
        });
    }

    /** Selects the lesson with {@code id}, which opens it. */
    public void select(String id) {
        vm.find(id)
                .flatMap(l -> list.getItems().stream()
                        .filter(i -> i instanceof LibraryItem.Entry e && e.lesson() == l)
                        .findFirst())
                .ifPresent(i -> {
                    list.getSelectionModel().select(i);
                    reveal(list.getItems().indexOf(i));
                });
    }

    /**
     * Scrolls the row at {@code index} into view, with its topic heading if there is room. Rows wrap to different
     * heights, so where a row starts is an estimate until they are laid out: the row is checked once they are, and
     * nudged into view (its title was seen hidden above the list's top edge, under the library's header).
     */
    private void reveal(int index) {
        list.scrollTo(Math.max(0, index - 1));
        javafx.application.Platform.runLater(() -> {
            list.layout();
            if (!(list.lookup(".virtual-flow") instanceof javafx.scene.control.skin.VirtualFlow<?> flow)) {
                return;
            }
            javafx.scene.control.IndexedCell<?> cell = flow.getVisibleCell(index);
            if (cell == null) {
                flow.scrollTo(index);
                flow.layout();
                cell = flow.getVisibleCell(index);
            }
            if (cell == null) {
                return;
            }
            javafx.geometry.Bounds row = flow.sceneToLocal(cell.localToScene(cell.getLayoutBounds()));
            double view = flow.getHeight();
            if (row.getMinY() < 0) {
                flow.scrollPixels(row.getMinY());
            } else if (row.getMaxY() > view) {
                flow.scrollPixels(Math.min(row.getMinY(), row.getMaxY() - view));
            }
        });
    }

    /** Lets the user drop lesson folders and .yaml files on {@code target} (the whole window, say). */
    public void acceptDrops(Node target) {
        target.addEventHandler(DragEvent.DRAG_OVER, e -> {
            if (e.getDragboard().hasFiles()
                    && e.getDragboard().getFiles().stream()
                            .map(File::toPath)
                            .anyMatch(p -> p.toFile().isDirectory() || LibraryViewModel.isLessonFile(p))) {
                e.acceptTransferModes(TransferMode.COPY_OR_MOVE);
                e.consume();
            }
        });
        target.addEventHandler(DragEvent.DRAG_DROPPED, e -> {
            if (e.getDragboard().hasFiles()) {
                e.getDragboard().getFiles().stream().map(File::toPath).forEach(vm::addUserPath);
                e.setDropCompleted(true);
                e.consume();
            }
        });
    }

    /**
     * Keeps the selected lesson selected when the items are rebuilt (a folder reloaded), and scrolls a folder the user
     * just opened into view once it is listed.
     */
    private void replace(List<LibraryItem> items) {
        replacing = true;
        try {
            replaceItems(items);
        } finally {
            replacing = false;
        }
    }

    private void replaceItems(List<LibraryItem> items) {
        LibraryItem selected = list.getSelectionModel().getSelectedItem();
        list.getItems().setAll(items);
        Path wanted = vm.revealProperty().get();
        items.stream()
                .filter(i -> i instanceof LibraryItem.Folder f && f.path().equals(wanted))
                .findFirst()
                .ifPresent(list::scrollTo);
        if (selected instanceof LibraryItem.Entry e) {
            items.stream()
                    .filter(i -> i instanceof LibraryItem.Entry n
                            && n.lesson().id().equals(e.lesson().id())
                            && n.lesson().file().equals(e.lesson().file()))
                    .findFirst()
                    .ifPresent(i -> list.getSelectionModel().select(i));
        }
    }

    private void chooseFolder() {
        DirectoryChooser c = new DirectoryChooser();
        c.setTitle("Open a folder of lessons (.yaml files, with sources/)");
        File f = c.showDialog(getScene().getWindow());
        if (f != null) {
            vm.addUserPath(f.toPath());
        }
    }

    private void chooseFile() {
        FileChooser c = new FileChooser();
        c.setTitle("Open a lesson file");
        c.getExtensionFilters().add(new FileChooser.ExtensionFilter("Lessons (*.yaml, *.yml)", "*.yaml", "*.yml"));
        File f = c.showOpenDialog(getScene().getWindow());
        if (f != null) {
            vm.addUserPath(f.toPath());
        }
    }

    private final class Cell extends ListCell<LibraryItem> {
        @Override
        protected void updateItem(LibraryItem item, boolean empty) {
            super.updateItem(item, empty);
            getStyleClass().removeAll("topic-cell", "lesson-cell", "broken-cell", "folder-cell");
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
                case LibraryItem.Folder f -> {
                    getStyleClass().add("folder-cell");
                    setGraphic(folder(f));
                    setTooltip(new Tooltip(f.path() + "\nWatched: saving a file reloads it."));
                    setDisable(false);
                }
                case LibraryItem.Entry e -> {
                    getStyleClass().add("lesson-cell");
                    setGraphic(entry(e.lesson()));
                    List<Problem> found = vm.checkFindings(e.lesson());
                    if (!found.isEmpty()) {
                        setTooltip(new Tooltip(String.join(
                                "\n", found.stream().map(Problem::format).toList())));
                    }
                    setDisable(false);
                }
                case LibraryItem.Broken b -> {
                    getStyleClass().add("broken-cell");
                    setGraphic(broken(b.broken()));
                    setTooltip(new Tooltip(String.join(
                            "\n",
                            b.broken().problems().stream().map(Problem::format).toList())));
                    setDisable(false);
                }
            }
        }

        private Node folder(LibraryItem.Folder f) {
            Path name = f.path().getFileName();
            Label head = new Label(("Your lessons · " + (name == null ? f.path() : name)).toUpperCase());
            head.getStyleClass().add("folder-title");
            Label counts = new Label(
                    f.lessons() > 0
                            ? f.lessons() + " lesson(s)" + (f.broken() == 0 ? "" : ", " + f.broken() + " broken")
                            : f.broken() > 0
                                    ? "No lessons: every file is broken (see below)"
                                    : "No lessons: no *.yaml lesson files here");
            counts.getStyleClass().add("lesson-meta");
            counts.setWrapText(true);
            counts.maxWidthProperty().bind(list.widthProperty().subtract(70));
            Button close = new Button("×");
            close.getStyleClass().addAll("flat", "folder-close");
            close.setTooltip(new Tooltip("Close this folder (the files stay where they are)"));
            close.setOnAction(e -> vm.removeUserPath(f.path()));
            close.setFocusTraversable(false);
            VBox text = new VBox(2, head, counts);
            HBox.setHgrow(text, Priority.ALWAYS);
            return new HBox(4, text, close);
        }

        private VBox entry(Lesson l) {
            LearningPath path = vm.path();
            int step = path.step(l.id());
            List<Lesson> first = path.prerequisites(l.id());
            String place = step <= 0
                    ? ""
                    : "Path " + step + " of " + path.order().size()
                            + (first.isEmpty()
                                    ? " · a place to start"
                                    : " · first: "
                                            + String.join(
                                                    ", ",
                                                    first.stream()
                                                            .map(Lesson::id)
                                                            .toList()));
            VBox box = wrapped(l.title(), l.seedLabel() + " · " + l.goal());
            List<Problem> found = vm.checkFindings(l);
            if (!found.isEmpty()) {
                // check's findings, on the row: the first in full, the rest counted (the tooltip has them all)
                Label w = new Label("⚠ " + shortForm(found.getFirst())
                        + (found.size() > 1 ? "  (+" + (found.size() - 1) + " more)" : ""));
                w.setId("lesson-warning-" + l.id());
                w.getStyleClass().addAll("lesson-meta", "lesson-warning");
                w.setWrapText(true);
                w.setMinHeight(Region.USE_PREF_SIZE);
                w.maxWidthProperty().bind(list.widthProperty().subtract(44));
                box.getChildren().add(w);
            }
            if (!place.isEmpty()) {
                Label p = new Label(place);
                p.getStyleClass().addAll("lesson-meta", "lesson-path");
                p.setWrapText(true);
                p.setMinHeight(Region.USE_PREF_SIZE);
                p.maxWidthProperty().bind(list.widthProperty().subtract(44));
                box.getChildren().add(p);
            }
            return box;
        }

        private VBox broken(BrokenLesson b) {
            List<Problem> ps = b.problems();
            StringBuilder body = new StringBuilder();
            for (int i = 0; i < Math.min(PROBLEMS_SHOWN, ps.size()); i++) {
                body.append(i == 0 ? "" : "\n").append(shortForm(ps.get(i)));
            }
            if (ps.size() > PROBLEMS_SHOWN) {
                body.append("\n… and ").append(ps.size() - PROBLEMS_SHOWN).append(" more");
            }
            VBox box = wrapped("broken: " + fileName(b.file()), ps.isEmpty() ? b.summary() : body.toString());
            box.setId("broken-" + Path.of(b.file()).getFileName().toString().replaceAll("[^A-Za-z0-9]", "-"));
            return box;
        }

        /** {@code name.yaml:line:column: what — hint}: the folder is on the heading above, the full path in the tooltip. */
        private static String shortForm(Problem p) {
            return new Problem(fileName(p.file()), p.line(), p.column(), p.message(), p.hint(), p.warning()).format();
        }

        private static String fileName(String file) {
            Path name = Path.of(file).getFileName();
            return name == null ? file : name.toString();
        }

        /** Two wrapped lines that take the cell's width rather than stretching it. */
        private VBox wrapped(String head, String body) {
            Label title = new Label(head);
            title.getStyleClass().add("lesson-title");
            Label meta = new Label(body);
            meta.getStyleClass().add("lesson-meta");
            for (Label x : new Label[] {title, meta}) {
                x.setWrapText(true);
                x.setMinHeight(Region.USE_PREF_SIZE);
                // The list's width, not the cell's: a new cell has no width yet, and the flow would place rows by
                // the heights text wrapped at width 0 gives (rows lost off the top when items arrive late).
                x.maxWidthProperty().bind(list.widthProperty().subtract(44));
            }
            return new VBox(2, title, meta);
        }
    }
}
