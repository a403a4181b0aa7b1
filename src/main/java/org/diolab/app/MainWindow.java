package org.diolab.app;

import atlantafx.base.theme.Styles;
import javafx.geometry.Pos;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.diolab.app.prefs.AppPreferences;
import org.diolab.app.stage.StageView;
import org.diolab.app.work.BackgroundWork;
import org.diolab.app.work.FxBackgroundWork;
import org.diolab.lesson.Lesson;
import org.diolab.lesson.LessonLibrary;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignP;
import org.kordamp.ikonli.materialdesign2.MaterialDesignW;

/**
 * The window: lesson library on the left, the stage in the middle, narration and invariants on the right, the
 * timeline at the bottom, lesson title and policy toggle on top.
 */
public final class MainWindow extends BorderPane {
    private final LessonViewModel vm;
    private final LibraryView library;
    private final StageView stage = new StageView();
    private final Label title = new Label("Choose a lesson");
    private final Label goal = new Label();
    private final PresenterMode presenter;
    private final StepExporter exporter;
    private final LiveView live;
    private final javafx.scene.layout.StackPane body = new javafx.scene.layout.StackPane();

    private final LibraryViewModel libraryVm;
    private final LiveViewModel liveVm;

    /** A window on an already loaded library that depends on nothing of the user's (tests). */
    public MainWindow(LessonLibrary lessons, LessonViewModel vm) {
        this(lessons, vm, new FxBackgroundWork());
    }

    public MainWindow(LessonLibrary lessons, LessonViewModel vm, BackgroundWork work) {
        this(lessons, vm, AppServices.isolated(work));
    }

    private MainWindow(LessonLibrary lessons, LessonViewModel vm, AppServices services) {
        this(preloaded(lessons, vm, services), vm, services);
    }

    /** A window on a library that may still be loading (the app: lessons come in behind the window). */
    public MainWindow(LibraryViewModel libraryVm, LessonViewModel vm, AppServices services) {
        this.vm = vm;
        BackgroundWork work = services.work();
        this.libraryVm = libraryVm;
        getStyleClass().add("main-window");
        library = new LibraryView(libraryVm);
        library.setPrefWidth(250);

        title.getStyleClass().add(Styles.TITLE_3);
        title.setId("lesson-title");
        goal.getStyleClass().add("lesson-goal");
        goal.setWrapText(true);
        VBox heading = new VBox(2, title, goal);
        HBox.setHgrow(heading, Priority.ALWAYS);
        ToggleButton dark = new ToggleButton(null, new FontIcon(MaterialDesignW.WEATHER_NIGHT));
        dark.setId("theme-toggle");
        dark.setTooltip(new Tooltip("Dark theme"));
        dark.setFocusTraversable(false);
        dark.setSelected(Themes.darkProperty().get());
        dark.selectedProperty().addListener((o, a, on) -> Themes.apply(on));
        ToggleButton present = new ToggleButton(null, new FontIcon(MaterialDesignP.PRESENTATION_PLAY));
        present.setId("present-toggle");
        present.setTooltip(new Tooltip("Presenter mode (F5): full screen, large type; PgDn/PgUp step, B blanks"));
        present.setFocusTraversable(false);
        exporter = new StepExporter(vm, work);
        javafx.scene.control.MenuButton export = new javafx.scene.control.MenuButton(null,
                new FontIcon(org.kordamp.ikonli.materialdesign2.MaterialDesignE.EXPORT));
        export.setId("export-menu");
        export.setTooltip(new Tooltip("Export the stage as PNG"));
        javafx.scene.control.MenuItem oneStep = new javafx.scene.control.MenuItem("This step as PNG…");
        oneStep.setOnAction(e -> exportStep());
        javafx.scene.control.MenuItem allSteps = new javafx.scene.control.MenuItem("Every step as PNGs…");
        allSteps.setOnAction(e -> exportRun());
        export.getItems().addAll(oneStep, allSteps);
        Label brand = new Label("DIO Lab");
        brand.getStyleClass().add("brand");
        brand.setMinWidth(Region.USE_PREF_SIZE);
        heading.setMinWidth(0);
        HBox titleRow = new HBox(16, brand, heading, export, present, dark);
        titleRow.setAlignment(Pos.CENTER_LEFT);
        // The policy toggle gets a row of its own: lessons offer up to four choices, each with its note.
        VBox top = new VBox(8, titleRow, new PolicyBar(vm));
        top.getStyleClass().add("top-bar");

        ScrollPane stageScroll = new ScrollPane(stage);
        stageScroll.setFitToWidth(true);
        stageScroll.getStyleClass().add("stage-scroll");

        VBox step = new VBox(16, new NarrationView(vm), new InvariantsView(vm));
        QuizViewModel quiz = new QuizViewModel(vm);
        Tab quizTab = tab("Quiz", new QuizView(quiz));
        // While the quiz is open it holds the stage at its question's step: the stage must not show the answer.
        quizTab.selectedProperty().addListener((o, was, on) -> {
            if (on) {
                quiz.enter();
            } else {
                quiz.leave();
            }
        });
        TabPane right = new TabPane(tab("Step", step), tab("Explore", new ExploreView(new ExploreViewModel(vm, work),
                vm)), tab("Compare", new CompareView(new CompareViewModel(vm, work), vm)),
                quizTab, tab("Numbers", new NumbersView(new NumbersViewModel(vm, work, services.calibration()))),
                tab("History", new HistoryView(vm, libraryVm)));
        right.setId("side-tabs");
        right.getStyleClass().add(Styles.DENSE);
        right.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        right.setPrefWidth(380);
        right.setMinWidth(Region.USE_PREF_SIZE);

        javafx.scene.layout.Region blanker = new javafx.scene.layout.Region();
        blanker.getStyleClass().add("blank-screen");
        blanker.setId("blank-screen");
        liveVm = new LiveViewModel(vm, work);
        live = new LiveView(liveVm, vm);
        // "On this kernel": the kernel lab's verdicts under the Live tab's own experiment, same scratch directory.
        live.getChildren().add(new KernelLabView(new KernelLabViewModel(vm, work, liveVm.dirProperty())));
        ScrollPane liveScroll = new ScrollPane(live);
        liveScroll.setFitToWidth(true);
        live.getStyleClass().add("right-panel");
        Tab stageTab = new Tab("Animation", stageScroll);
        stageTab.setId("tab-animation");
        Tab liveTab = new Tab("Live on this disk", liveScroll);
        liveTab.setId("tab-live");
        TabPane center = new TabPane(stageTab, liveTab);
        center.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        center.getStyleClass().add(Styles.DENSE);
        body.getChildren().addAll(center, blanker);
        presenter = new PresenterMode(this, library, blanker, vm);
        library.acceptDrops(this);
        present.selectedProperty().bindBidirectional(presenter.onProperty());

        setTop(top);
        setLeft(library);
        setCenter(body);
        setRight(right);
        setBottom(new TimelineBar(vm));

        vm.lessonProperty().addListener((o, a, l) -> showHeading(l));
        vm.snapshotProperty().addListener((o, a, s) -> redraw());
        // Entering scheduling mode at step 0 shows an equal snapshot, which fires no change: redraw on mode too.
        vm.modeProperty().addListener((o, a, m) -> redraw());
    }

    private static LibraryViewModel preloaded(LessonLibrary lessons, LessonViewModel vm, AppServices services) {
        LibraryViewModel lib = new LibraryViewModel(vm, services.work(), services.prefs().lessonFolders(),
                services.fx());
        lib.useBundled(lessons);
        return lib;
    }

    /** Restores what the user chose last time (theme aside: see {@link Themes}) and remembers changes from now on. */
    public void usePreferences(AppPreferences prefs) {
        PreferencesBinder.bind(prefs, vm, liveVm);
    }

    public LibraryViewModel libraryViewModel() {
        return libraryVm;
    }

    private static Tab tab(String name, javafx.scene.Node content) {
        content.getStyleClass().add("right-panel");
        ScrollPane scroll = new ScrollPane(content);
        scroll.setFitToWidth(true);
        Tab t = new Tab(name, scroll);
        t.setId("tab-" + name.toLowerCase());
        return t;
    }

    private void exportStep() {
        javafx.stage.FileChooser chooser = new javafx.stage.FileChooser();
        chooser.setTitle("Export this step as PNG");
        chooser.setInitialFileName(fileStem() + ".png");
        java.io.File f = chooser.showSaveDialog(getScene().getWindow());
        if (f != null) {
            try {
                StepExporter.writePng(stage, f.toPath());
            } catch (java.io.IOException ex) {
                new javafx.scene.control.Alert(javafx.scene.control.Alert.AlertType.ERROR,
                        "Could not write " + f + ": " + ex.getMessage()).show();
            }
        }
    }

    private void exportRun() {
        javafx.stage.DirectoryChooser chooser = new javafx.stage.DirectoryChooser();
        chooser.setTitle("Folder for " + fileStem() + "/step-NNN.png");
        java.io.File d = chooser.showDialog(getScene().getWindow());
        if (d != null) {
            exporter.exportRun(stage, d.toPath().resolve(fileStem()), files -> new javafx.scene.control.Alert(
                    javafx.scene.control.Alert.AlertType.INFORMATION, "Wrote " + files.size() + " PNGs to "
                    + d.toPath().resolve(fileStem())).show(), ex -> new javafx.scene.control.Alert(
                    javafx.scene.control.Alert.AlertType.ERROR, "Export failed: " + ex.getMessage()).show(),
                    (f, m) -> { });
        }
    }

    private String fileStem() {
        var l = vm.lessonProperty().get();
        return (l == null ? "dio-lab" : l.id()) + "-" + vm.policyProperty().get().id() + "-step-"
                + vm.indexProperty().get();
    }

    private void redraw() {
        if (vm.snapshotProperty().get() != null) {
            stage.show(vm.snapshotProperty().get(), vm.lanesProperty().get(), vm.usesLocks(),
                    vm.modeProperty().get() == RunMode.SCHEDULING ? vm::schedule : null);
        }
    }

    /** Opens a lesson as if the user picked it in the library. */
    public void openLesson(String id) {
        library.select(id);
    }

    public LiveView liveView() {
        return live;
    }

    public StageView stageView() {
        return stage;
    }

    public PresenterMode presenter() {
        return presenter;
    }

    /** Space plays or pauses, Left/Right step, Home/End jump: wherever the focus is. Plus presenter keys. */
    public void installKeys(Scene scene) {
        presenter.install(scene, vm);
        scene.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            KeyCode c = e.getCode();
            switch (c) {
                case SPACE -> vm.togglePlay();
                case LEFT -> vm.back();
                case RIGHT -> vm.forward();
                case HOME -> vm.first();
                case END -> vm.last();
                default -> {
                    return;
                }
            }
            e.consume();
        });
    }

    private void showHeading(Lesson l) {
        title.setText(l.title());
        goal.setText(l.goal() + "  (" + l.seedLabel() + ")");
    }
}
