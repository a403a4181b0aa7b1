package org.diolab.app;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.diolab.TestLessons;
import org.diolab.app.lesson.LessonViewModel;
import org.diolab.lesson.LessonLibrary;
import org.testfx.api.FxRobot;
import org.testfx.robot.Motion;
import org.testfx.util.WaitForAsyncUtils;

/**
 * What every UI test does: open the real window on a library, click, wait, read, and write what it shows to a PNG.
 *
 * <p>Lookups and reads go through the FX thread, or happen once it is idle: the scene graph is not thread-safe, and a
 * test thread that polls it while the FX thread adds a subtree can find a button whose scene is not set yet (the
 * "scene is null" failure of a click seen under load).
 */
final class FxTestSupport {
    private FxTestSupport() {}

    /** The app's window on the bundled lessons, as the app builds it (theme, stylesheet, keys), on {@code stage}. */
    static MainWindow show(Stage stage, LessonViewModel vm) {
        return show(stage, TestLessons.bundled(), vm);
    }

    /** The app's window as the app builds it (theme, stylesheet, keys), shown on {@code stage}. */
    static MainWindow show(Stage stage, LessonLibrary library, LessonViewModel vm) {
        Themes.apply(false);
        MainWindow window = new MainWindow(library, vm);
        stage.setScene(DioLabApp.createScene(window));
        stage.show();
        return window;
    }

    /**
     * The app's window on the bundled lessons, on {@code stage} at the Headless platform's whole 1000×1000 screen:
     * presenter mode goes full screen, and starting at the screen's size keeps the switch from resizing the window's
     * buffer while a frame is copied out of it (an IndexOutOfBounds in its blit).
     */
    static MainWindow showAtScreenSize(Stage stage, LessonViewModel vm) {
        MainWindow window = show(stage, vm);
        stage.setX(0);
        stage.setY(0);
        stage.setWidth(1000);
        stage.setHeight(1000);
        return window;
    }

    /**
     * The app's window in a scene of exactly {@code width} × {@code height} that no stage shows. JavaFX's Headless
     * platform has a 1000×1000 screen, so a window at projector or full-HD size is drawn offscreen instead. FX thread.
     */
    static MainWindow offscreen(LessonLibrary library, LessonViewModel vm, int width, int height) {
        Themes.apply(false);
        MainWindow window = new MainWindow(library, vm);
        DioLabApp.createScene(window, width, height);
        relayout(window, width, height);
        return window;
    }

    /** Lays a window out at its scene's size now (an offscreen scene gets no pulses). FX thread. */
    static void relayout(MainWindow window, double width, double height) {
        window.applyCss();
        window.resize(width, height);
        window.layout();
        window.applyCss();
        window.layout();
    }

    /**
     * Clicks {@code query} without the robot's stepwise mouse travel, and waits until the FX thread is idle. The node
     * is scrolled into view first, as a user would: a click at a point outside its scroll pane's viewport would land
     * on whatever is drawn there.
     */
    static void click(FxRobot robot, String query) {
        WaitForAsyncUtils.waitForFxEvents();
        hideTips();
        reveal(robot, query);
        robot.clickOn(query, Motion.DIRECT);
        WaitForAsyncUtils.waitForFxEvents();
    }

    /**
     * Hides the tips on show. A glossary tip opens 250 ms after the pointer rests on a term or a card label; the robot
     * then jumps straight to its next target (a user's pointer would leave the label and close it), and a click on a
     * point the tip's window covers lands on the tip instead.
     */
    static void hideTips() {
        onFx(() -> {
            java.util.List.copyOf(javafx.stage.Window.getWindows()).stream()
                    .filter(w -> w instanceof javafx.scene.control.Tooltip && w.isShowing())
                    .forEach(javafx.stage.Window::hide);
            return null;
        });
    }

    /** Scrolls the nearest scroll pane around {@code query} so that the node is inside its viewport. */
    static void reveal(FxRobot robot, String query) {
        onFx(() -> {
            javafx.scene.Node n = robot.lookup(query).tryQuery().orElse(null);
            javafx.scene.Node p = n == null ? null : n.getParent();
            while (p != null && !(p instanceof javafx.scene.control.ScrollPane)) {
                p = p.getParent();
            }
            if (p instanceof javafx.scene.control.ScrollPane sp && sp.getContent() != null) {
                javafx.geometry.Bounds b = sp.getContent().sceneToLocal(n.localToScene(n.getLayoutBounds()));
                double content = sp.getContent().getLayoutBounds().getHeight();
                double view = sp.getViewportBounds().getHeight();
                double top = (sp.getVvalue() - sp.getVmin()) / (sp.getVmax() - sp.getVmin()) * (content - view);
                if (content > view && (b.getMinY() < top || b.getMaxY() > top + view)) {
                    double want = Math.max(0, Math.min(content - view, b.getMinY() - 8));
                    sp.setVvalue(sp.getVmin() + want / (content - view) * (sp.getVmax() - sp.getVmin()));
                    sp.layout();
                }
            }
            return null;
        });
        WaitForAsyncUtils.waitForFxEvents();
    }

    /**
     * How long a UI test waits for what the window does (a tip, a step, a background load) before it fails: what a
     * loaded 2-core machine running several builds may need. A wait ends as soon as its condition holds, so this costs
     * nothing when the test passes; a few seconds' bound failed correct tests under load.
     */
    static final long PATIENCE_SECONDS = 60;

    /** Waits until {@code condition}, evaluated on the FX thread, holds (at most {@link #PATIENCE_SECONDS}). */
    static void waitUntil(Callable<Boolean> condition) throws TimeoutException {
        waitUntil(PATIENCE_SECONDS, condition);
    }

    /** Waits until {@code condition}, evaluated on the FX thread, holds; then until the FX thread is idle. */
    static void waitUntil(long seconds, Callable<Boolean> condition) throws TimeoutException {
        WaitForAsyncUtils.waitFor(seconds, TimeUnit.SECONDS, () -> onFx(condition));
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** The text of the label (or the prose with marked terms) {@code query}, read on the FX thread. */
    static String text(FxRobot robot, String query) {
        return onFx(() -> robot.lookup(query).query() instanceof org.diolab.app.ui.TermText t
                ? t.getText()
                : robot.lookup(query).queryAs(Label.class).getText());
    }

    /** Runs {@code c} on the FX thread and returns what it returned. */
    static <T> T onFx(Callable<T> c) {
        try {
            return WaitForAsyncUtils.asyncFx(c).get(60, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        } catch (InterruptedException | TimeoutException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Writes target/screenshots/{name}.png of the whole window, from the FX thread, and waits for it. */
    static void shoot(MainWindow window, String name) {
        onFx(() -> {
            try {
                return Screenshots.write(window.getScene().getRoot(), name);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }
}
