package org.diolab.app;

import atlantafx.base.theme.Styles;
import java.util.function.Supplier;
import javafx.scene.Node;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.diolab.app.compare.CompareView;
import org.diolab.app.compare.CompareViewModel;
import org.diolab.app.explore.ExploreView;
import org.diolab.app.explore.ExploreViewModel;
import org.diolab.app.history.HistoryView;
import org.diolab.app.lesson.InvariantsView;
import org.diolab.app.lesson.LessonViewModel;
import org.diolab.app.lesson.NarrationView;
import org.diolab.app.library.LibraryViewModel;
import org.diolab.app.numbers.NumbersView;
import org.diolab.app.numbers.NumbersViewModel;
import org.diolab.app.quiz.QuizView;
import org.diolab.app.quiz.QuizViewModel;
import org.diolab.app.work.BackgroundWork;

/**
 * The panel right of the stage: the step in words with the invariants (Step), the explorer (Explore), broken vs fixed
 * (Compare), the quiz, the seed's numbers, and what happened next (History). It is never narrower than its tab headers, so no tab is cut.
 */
public final class SideTabs extends TabPane {
    public SideTabs(LessonViewModel vm, AppServices services, LibraryViewModel library) {
        BackgroundWork work = services.work();
        NarrationView narration = new NarrationView(vm);
        narration.followPath(id -> library.path().next(id), library::openById);
        VBox step = new VBox(16, narration, new InvariantsView(vm));
        // The other tabs and their view models are made when first opened: at the start they cost the window seconds
        // of CPU under load, and their work on the lesson opened (Compare plays the counterpart run, Numbers reads the
        // calibration) competed with its first frame. Made later, each takes up the lesson, policy and step on show.
        Once<QuizViewModel> quiz = new Once<>(() -> new QuizViewModel(vm));
        // Under the Quiz and Explore tabs the step's words stay in sight (issue 20): a copy of the narration on top.
        Tab quizTab = later("Quiz", () -> withNarration(vm, new QuizView(quiz.get())));
        // While the quiz is open it holds the stage at its question's step: the stage must not show the answer.
        quizTab.selectedProperty().addListener((o, was, on) -> {
            if (on) {
                quiz.get().enter();
            } else if (quiz.made()) {
                quiz.get().leave();
            }
        });
        getTabs()
                .addAll(
                        tab("Step", step),
                        later("Explore", () -> withNarration(vm, new ExploreView(new ExploreViewModel(vm, work), vm))),
                        later("Compare", () -> new CompareView(new CompareViewModel(vm, work), vm)),
                        quizTab,
                        later(
                                "Numbers",
                                () -> new NumbersView(
                                        new NumbersViewModel(vm, work, services.calibration()),
                                        () -> services.prefs().scratchDir().get())),
                        later("History", () -> new HistoryView(vm, library.itemsProperty())));
        setId("side-tabs");
        getStyleClass().addAll(Styles.DENSE, "side-tabs");
        setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        // Clicking a tab must not take the keys: ← / → / End keep stepping the stage, as with the centre tabs.
        setFocusTraversable(false);
    }

    /** Never narrower than the tab headers: a cut or hidden tab ("Numl") is a tab nobody finds. */
    @Override
    protected double computeMinWidth(double height) {
        return Math.ceil(headersWidth() + 24);
    }

    /** As wide as the tab headers need (plus a little), and at least 22 em for the narration. */
    @Override
    protected double computePrefWidth(double height) {
        double em = lookup(".tab-label") instanceof javafx.scene.control.Labeled l
                ? l.getFont().getSize()
                : javafx.scene.text.Font.getDefault().getSize();
        return Math.ceil(Math.max(em * 22, computeMinWidth(height)));
    }

    private double headersWidth() {
        double headers = 0;
        Node strip = lookup(".tab-header-area");
        if (strip instanceof Region r) {
            for (Node tab : r.lookupAll(".tab")) {
                headers += tab.prefWidth(-1);
            }
        }
        return headers;
    }

    /** The step's narration (compact, without the closing words' link) above {@code content}. */
    private static VBox withNarration(LessonViewModel vm, Node content) {
        NarrationView words = new NarrationView(vm);
        words.getStyleClass().add("narration-compact");
        renameIds(words); // the Step tab's copy keeps the ids (#narration-text, #step-action)
        VBox box = new VBox(14, words, new javafx.scene.control.Separator(), content);
        return box;
    }

    private static void renameIds(Node n) {
        if (n.getId() != null) {
            n.setId("also-" + n.getId());
        }
        if (n instanceof javafx.scene.Parent p) {
            p.getChildrenUnmodifiable().forEach(SideTabs::renameIds);
        }
    }

    /** A tab the start does not show: its content (and its view model) is made when it is first selected. */
    private static Tab later(String name, Supplier<Node> content) {
        Tab t = new Tab(name);
        t.setId(id(name));
        return ShownWhenOpened.made(t, () -> scroll(content.get()));
    }

    private static Tab tab(String name, Node content) {
        Tab t = new Tab(name, scroll(content));
        t.setId(id(name));
        return t;
    }

    private static String id(String name) {
        return "tab-" + name.toLowerCase(java.util.Locale.ROOT);
    }

    private static ScrollPane scroll(Node content) {
        content.getStyleClass().add("right-panel");
        ScrollPane scroll = new ScrollPane(content);
        scroll.setFitToWidth(true);
        scroll.setFocusTraversable(false);
        return scroll;
    }
}
