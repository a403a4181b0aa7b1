package org.diolab.app;

import static org.diolab.app.KeyboardShortcuts.key;
import static org.diolab.app.KeyboardShortcuts.shortcut;
import static org.diolab.app.KeyboardShortcuts.text;

import atlantafx.base.theme.Styles;
import java.util.Optional;
import java.util.function.LongSupplier;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.ToggleButton;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import org.diolab.app.export.ExportMenu;
import org.diolab.app.glossary.GlossaryView;
import org.diolab.app.glossary.GlossaryViewModel;
import org.diolab.app.kernellab.KernelLabView;
import org.diolab.app.kernellab.KernelLabViewModel;
import org.diolab.app.kernellab.UserBtrfsConsentView;
import org.diolab.app.kernellab.UserBtrfsConsentViewModel;
import org.diolab.app.kernellab.trace.KernelTraces;
import org.diolab.app.lesson.LessonViewModel;
import org.diolab.app.library.BrokenFileBanner;
import org.diolab.app.library.LibraryItem;
import org.diolab.app.library.LibraryView;
import org.diolab.app.library.LibraryViewModel;
import org.diolab.app.live.LiveView;
import org.diolab.app.live.LiveViewModel;
import org.diolab.app.prefs.AppPreferences;
import org.diolab.app.presenter.LectureDialog;
import org.diolab.app.presenter.LectureOrder;
import org.diolab.app.presenter.LectureRunner;
import org.diolab.app.presenter.PanelFit;
import org.diolab.app.presenter.PresenterMode;
import org.diolab.app.presenter.SpeakerWindow;
import org.diolab.app.stage.StageView;
import org.diolab.app.ui.TermEvent;
import org.diolab.app.work.BackgroundWork;
import org.diolab.app.work.FxBackgroundWork;
import org.diolab.lesson.LessonLibrary;
import org.diolab.lesson.glossary.Glossary;
import org.diolab.lesson.glossary.GlossaryEntry;
import org.kordamp.ikonli.materialdesign2.MaterialDesignB;
import org.kordamp.ikonli.materialdesign2.MaterialDesignF;

/**
 * The window: the header (title, policy, export, presenter, theme) on top, the lesson library on the left, the stage
 * with the run's space-time view in the middle (and the Live tab), the step's words and the other tabs on the right,
 * the timeline at the bottom. Over it all, the shortcuts overlay and the presenter's black screen.
 */
public final class MainWindow extends StackPane {
    /** The centre shows the last good version of a lesson whose file is broken now. */
    private static final javafx.css.PseudoClass LAST_GOOD = javafx.css.PseudoClass.getPseudoClass("last-good");

    private final LessonViewModel vm;
    private final LibraryView library;
    private final StageArea stageArea;
    private final PresenterMode presenter;
    private final PanelFit panelFit;
    private final Once<LiveView> live;
    private final KeyboardShortcuts keys = new KeyboardShortcuts();
    private final ShortcutsOverlay overlay;
    private final LectureRunner lecture;
    private final HeaderBar header;
    private final TabPane center;
    private final Once<GlossaryViewModel> glossaryVm;
    private final Once<GlossaryView> glossary;
    private final Tab glossaryTab;
    private SpeakerWindow speaker;
    private LongSupplier speakerClock = System::nanoTime;

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
        lecture = new LectureRunner(vm, l -> openLesson(l.id()));

        TimelineBar timeline = new TimelineBar(vm);
        stageArea = new StageArea(vm, timeline);
        Button lectureButton = HeaderBar.button(
                "lecture-button",
                MaterialDesignF.FORMAT_LIST_NUMBERED,
                "Lecture order: lessons of a talk, in order (Ctrl L)");
        lectureButton.setOnAction(e -> editLecture());
        ExportMenu export = new ExportMenu(
                vm,
                work,
                this::dark,
                getClass().getResource(DioLabApp.STYLESHEET).toExternalForm());
        header = new HeaderBar(vm, export, lectureButton);

        // The Live room's view models now (the preferences and the kernel lab follow the lesson through them); its
        // views, 15 % of the window's build (JFR), when its tab is first opened (or liveView() is asked for).
        liveVm = new LiveViewModel(vm, work);
        // "On this kernel": the kernel lab's verdicts under the Live tab's own experiment, same scratch directory.
        KernelTraces kernelTraces = new KernelTraces(vm.lessonProperty()); // "Show the kernel's trace" (issue 21)
        KernelLabViewModel kernelVm = new KernelLabViewModel(vm, work, liveVm.dirProperty(), kernelTraces::run);
        UserBtrfsConsentViewModel consentVm = new UserBtrfsConsentViewModel(kernelVm.scenariosProperty(), work);
        live = new Once<>(() -> {
            LiveView view = new LiveView(liveVm, vm);
            view.getChildren().addAll(new KernelLabView(kernelVm, kernelTraces), new UserBtrfsConsentView(consentVm));
            view.getStyleClass().add("right-panel");
            return view;
        });
        Tab stageTab = new Tab("Animation", stageArea);
        stageTab.setId("tab-animation");
        Tab liveTab = ShownWhenOpened.made(new Tab("Live on this disk"), () -> {
            ScrollPane liveScroll = new ScrollPane(live.get());
            liveScroll.setFitToWidth(true);
            liveScroll.setFocusTraversable(false);
            return liveScroll;
        });
        liveTab.setId("tab-live");
        // Made when first opened (or a term clicked): the start does not show it.
        glossaryVm = new Once<>(() -> new GlossaryViewModel(Glossary.bundled(), work));
        glossary = new Once<>(() -> new GlossaryView(glossaryVm.get(), this::openLesson));
        glossaryTab = ShownWhenOpened.made(new Tab("Glossary"), glossary);
        glossaryTab.setId("tab-glossary");
        center = new TabPane(stageTab, liveTab, glossaryTab);
        center.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        center.getStyleClass().addAll(Styles.DENSE, "center-tabs");
        center.setFocusTraversable(false);

        // A lesson file broken while open: said over the stage, where the user looks (the library may be folded).
        BrokenFileBanner broken = new BrokenFileBanner(libraryVm);
        broken.visibleProperty().addListener((o, a, on) -> center.pseudoClassStateChanged(LAST_GOOD, on));
        javafx.scene.layout.VBox.setVgrow(center, javafx.scene.layout.Priority.ALWAYS);
        javafx.scene.layout.VBox middle = new javafx.scene.layout.VBox(broken, center);
        middle.setMinWidth(0);

        BorderPane layout = new BorderPane();
        layout.setTop(header);
        layout.setLeft(library);
        layout.setCenter(middle);
        SideTabs side = new SideTabs(vm, services, libraryVm);
        layout.setRight(side);
        layout.setBottom(timeline);

        Region blanker = new Region();
        blanker.getStyleClass().add("blank-screen");
        blanker.setId("blank-screen");
        presenter = new PresenterMode(this, blanker);
        ToggleButton libraryToggle = HeaderBar.toggle(
                "library-toggle", MaterialDesignB.BOOKSHELF, "Lessons: show or hide the library of lessons");
        header.addLeading(libraryToggle);
        new LibraryFold(this, library, libraryToggle, presenter.onProperty());
        // On a projector every pixel goes to the stage: no tab strip, toolbar or transport bar (the keys remain).
        timeline.visibleProperty().bind(presenter.onProperty().not());
        timeline.managedProperty().bind(presenter.onProperty().not());
        stageArea.toolbarShownProperty().bind(presenter.onProperty().not());
        // The back row needs larger type than the desk: the stage's camera zooms closer while presenting.
        stageArea
                .stage()
                .readableTextProperty()
                .bind(javafx.beans.binding.Bindings.when(presenter.onProperty())
                        .then(presenter.stageTextProperty())
                        .otherwise(StageArea.WINDOW_TEXT));
        // The banner is read from the back row as the panel is: presenting, it grows with the screen (19 px at 720).
        stageArea
                .stage()
                .bannerTextProperty()
                .bind(javafx.beans.binding.Bindings.when(presenter.onProperty())
                        .then(presenter.scaleProperty().multiply(PresenterMode.BANNER_PX))
                        .otherwise(0.0));
        header.compactProperty().bind(presenter.onProperty());
        header.presentToggle().selectedProperty().bindBidirectional(presenter.onProperty());
        defineKeys();
        overlay = new ShortcutsOverlay(keys);
        header.helpButton().setOnAction(e -> overlay.toggle());
        library.acceptDrops(this);
        // The keys' note on entering presenter mode: over the stage's lower corner, never over the narration.
        javafx.scene.layout.StackPane.setAlignment(presenter.toast(), javafx.geometry.Pos.BOTTOM_LEFT);
        javafx.scene.layout.StackPane.setMargin(presenter.toast(), new javafx.geometry.Insets(0, 0, 24, 24));
        stageArea.stage().covers().add(presenter.toast()); // the camera frames each step beside it
        // Presenting, the Step tab fits its panel (PanelFit); the note that words are cut sits at the panel's foot.
        panelFit = new PanelFit(
                (javafx.scene.control.ScrollPane) side.getTabs().getFirst().getContent(),
                presenter,
                vm.snapshotProperty(),
                vm.outroProperty());
        javafx.scene.layout.StackPane.setAlignment(panelFit.more(), javafx.geometry.Pos.BOTTOM_RIGHT);
        javafx.scene.layout.StackPane.setMargin(panelFit.more(), new javafx.geometry.Insets(0, 14, 6, 0));
        // A term clicked anywhere (narration, quiz, glossary) opens its entry; "used in" follows the library.
        addEventHandler(TermEvent.OPEN, e -> showTerm(e.entry()));
        // Which lessons use a term costs a play of each: only once the Glossary is opened, and again if the library
        // changes.
        glossaryTab.selectedProperty().addListener((o, a, on) -> {
            if (on && glossaryVm.get().usageProperty().get() == null) {
                glossaryVm.get().useLessons(lessons().lessons());
            }
        });
        libraryVm.itemsProperty().addListener((o, a, items) -> {
            if (glossaryVm.made() && (glossaryVm.get().usageProperty().get() != null || glossaryTab.isSelected())) {
                glossaryVm.get().useLessons(lessons().lessons());
            }
        });
        getChildren().addAll(layout, presenter.toast(), panelFit.more(), blanker);
        ShownWhenOpened.child(this, blanker, overlay); // under the black screen
        sceneProperty().addListener((o, a, s) -> {
            if (s != null) {
                Platform.runLater(stageArea.stage()::requestFocus);
            }
        });
    }

    private static LibraryViewModel preloaded(LessonLibrary lessons, LessonViewModel vm, AppServices services) {
        LibraryViewModel lib =
                new LibraryViewModel(vm, services.work(), services.prefs().lessonFolders(), services.fx());
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

    /** The lessons the library lists now (bundled and the user's), for a lecture order. */
    private LessonLibrary lessons() {
        return new LessonLibrary(
                libraryVm.itemsProperty().get().stream()
                        .filter(i -> i instanceof LibraryItem.Entry)
                        .map(i -> ((LibraryItem.Entry) i).lesson())
                        .toList(),
                java.util.List.of());
    }

    private void defineKeys() {
        keys.add("Space", "Play / pause", key(KeyCode.SPACE), vm.playback()::togglePlay)
                .add(
                        "→  or  Page Down",
                        "Next step (on to the next lesson of a lecture)",
                        key(KeyCode.RIGHT, KeyCode.PAGE_DOWN),
                        lecture::forward)
                .add("←  or  Page Up", "Previous step", key(KeyCode.LEFT, KeyCode.PAGE_UP), lecture::back)
                .add("Home  /  End", "First / last step", key(KeyCode.HOME), vm::first)
                .add("", "", key(KeyCode.END), vm::last)
                .add("F5", "Presenter mode on / off", key(KeyCode.F5), presenter::toggle)
                .add("Esc", "Close this list; leave presenter mode", key(KeyCode.ESCAPE), this::escape)
                .add(
                        "B  or  .",
                        "Black screen (again to come back)",
                        "in presenter mode",
                        key(KeyCode.B, KeyCode.PERIOD),
                        () -> presenter.onProperty().get(),
                        presenter::toggleBlank)
                .add(
                        "Q",
                        "The whole quote and words (presenter mode fits them to the panel)",
                        "in presenter mode",
                        key(KeyCode.Q),
                        () -> presenter.onProperty().get(),
                        presenter::toggleQuote)
                .add(
                        "Ctrl +  /  Ctrl −",
                        "Zoom the stage in / out",
                        shortcut(KeyCode.PLUS, KeyCode.EQUALS, KeyCode.ADD),
                        stage()::zoomIn)
                .add("", "", shortcut(KeyCode.MINUS, KeyCode.SUBTRACT), stage()::zoomOut)
                .add(
                        "Ctrl 0",
                        "Fit: the stage follows each step's action",
                        shortcut(KeyCode.DIGIT0, KeyCode.NUMPAD0),
                        stage()::fit)
                .add("O", "The whole scene (again to follow the steps)", key(KeyCode.O), stage()::overview)
                .add(
                        "T",
                        "Space-time view on / off",
                        key(KeyCode.T),
                        () -> stageArea.spaceTimeToggle().fire())
                .add(
                        "M",
                        "Reduced motion on / off",
                        key(KeyCode.M),
                        () -> stageArea.reducedMotionToggle().fire())
                .add(
                        "N  /  P",
                        "Next / previous lesson of the lecture",
                        "during a lecture",
                        key(KeyCode.N),
                        lecture::active,
                        lecture::nextLesson)
                .add("", "", "", key(KeyCode.P), lecture::active, lecture::previousLesson)
                .add("Ctrl L", "Lecture order…", shortcut(KeyCode.L), this::editLecture)
                // Listed only: Tab is focus traversal and Enter the focused term's own key (TermText).
                .add(
                        "Tab  then  Enter",
                        "Next kernel term in the step's words (its definition shows); Enter opens it in the Glossary",
                        e -> false,
                        () -> {})
                .add("S", "Speaker window on / off (second screen)", key(KeyCode.S), this::toggleSpeaker)
                .add("?  or  F1", "This list of keys", text("?").or(key(KeyCode.F1)), () -> overlay.toggle());
    }

    private void escape() {
        if (overlay.isVisible()) {
            overlay.setVisible(false);
        } else {
            presenter.onProperty().set(false);
        }
    }

    private boolean dark() {
        return header.darkToggle().isSelected();
    }

    private void editLecture() {
        LectureDialog d = new LectureDialog(lessons(), lecture.orderProperty().get());
        if (getScene() != null) {
            d.initOwner(getScene().getWindow());
        }
        d.showAndWait().ifPresent(this::startLecture);
    }

    /** Starts a lecture in presenter mode at its first lesson. */
    public void startLecture(LectureOrder order) {
        lecture.start(order);
        presenter.onProperty().set(true);
    }

    /** Opens a lesson under a policy at a step, full screen: what {@code dio-lab present} does. */
    public void present(String lessonId, String policyId, int step) {
        openLesson(lessonId);
        vm.lessonProperty().get().policies().stream()
                .filter(c -> c.policy().id().equals(policyId))
                .findFirst()
                .ifPresent(c -> vm.selectPolicy(c.policy()));
        vm.goTo(step);
        presenter.onProperty().set(true);
    }

    private void toggleSpeaker() {
        if (speaker == null) {
            speaker = new SpeakerWindow(
                    vm, lecture, getClass().getResource(DioLabApp.STYLESHEET).toExternalForm(), speakerClock);
            keys.install(speaker.scene());
        }
        if (speaker.showing()) {
            speaker.close();
        } else {
            speaker.open(getScene() == null ? null : getScene().getWindow());
        }
    }

    /** The speaker window, once S opened it. */
    public Optional<SpeakerWindow> speakerWindow() {
        return Optional.ofNullable(speaker);
    }

    /** The clock of the speaker window's timer (tests set their own before opening it). */
    void speakerClock(LongSupplier nanos) {
        speakerClock = nanos;
    }

    /** Opens a lesson as if the user picked it in the library. */
    public void openLesson(String id) {
        library.select(id);
    }

    /** Opens the Glossary tab at {@code e}. */
    public void showTerm(GlossaryEntry e) {
        center.getSelectionModel().select(glossaryTab);
        glossary.get().show(e);
    }

    /** The Glossary (made now if it was not yet; in the scene once its tab is opened). */
    public GlossaryView glossaryView() {
        return glossary.get();
    }

    /** The Live room's model, made with the window (its view is made when the tab is first opened). */
    LiveViewModel liveModel() {
        return liveVm;
    }

    /** Whether the Live room's views were made yet. */
    boolean liveMade() {
        return live.made();
    }

    /** The Live room (made now if it was not yet; in the scene once its tab is opened). */
    public LiveView liveView() {
        return live.get();
    }

    public StageView stageView() {
        return stageArea.stage();
    }

    private StageView stage() {
        return stageArea.stage();
    }

    public StageArea stageArea() {
        return stageArea;
    }

    /** Presenting, how the Step tab fits its panel. */
    public PanelFit panelFit() {
        return panelFit;
    }

    public PresenterMode presenter() {
        return presenter;
    }

    public LectureRunner lecture() {
        return lecture;
    }

    public KeyboardShortcuts keys() {
        return keys;
    }

    public ShortcutsOverlay shortcutsOverlay() {
        return overlay;
    }

    /** The window's keys: global only where the focused control does not use them (see {@link KeyboardShortcuts}). */
    public void installKeys(Scene scene) {
        keys.install(scene);
    }
}
