package org.diolab.app;

import java.nio.file.Files;
import org.diolab.app.lesson.LessonViewModel;
import org.diolab.app.lesson.RunMode;
import org.diolab.app.live.LiveViewModel;
import org.diolab.app.prefs.AppPreferences;

/**
 * Ties what the user chooses to what DIO Lab remembers: restores the theme's choice, the playback speed and the
 * scratch directory now, and stores every later change (the lesson, policy and step on show too; the app reopens
 * them once the lessons are in, see {@link DioLabApp}).
 */
final class PreferencesBinder {
    private PreferencesBinder() {}

    static void bind(AppPreferences prefs, LessonViewModel lessons, LiveViewModel live) {
        lessons.playback().selectSpeed(prefs.speed().get());
        prefs.scratchDir().stored().filter(Files::isDirectory).ifPresent(live::chooseDirectory);

        Themes.darkProperty().addListener((o, a, dark) -> prefs.darkTheme().set(dark));
        lessons.playback()
                .speedProperty()
                .addListener((o, a, r) -> prefs.speed().set(r.doubleValue()));
        live.dirProperty().addListener((o, a, d) -> prefs.scratchDir().set(d));
        lessons.lessonProperty().addListener((o, a, l) -> {
            if (l != null) {
                prefs.lastLesson().set(l.id());
            }
        });
        lessons.policyProperty().addListener((o, a, p) -> {
            if (p != null) {
                prefs.lastPolicy().set(p.id());
            }
        });
        lessons.indexProperty().addListener((o, a, i) -> {
            if (lessons.modeProperty().get() == RunMode.SCRIPT
                    && lessons.quizPin().pinProperty().get() == null) {
                prefs.lastStep().set(i.intValue());
            }
        });
    }

    /** Reopens the lesson, policy and step on show when the app last closed, if that lesson is still there. */
    static boolean reopen(AppPreferences prefs, java.util.function.Consumer<String> open, LessonViewModel lessons) {
        String id = prefs.lastLesson().get();
        int step = prefs.lastStep().get();
        String policy = prefs.lastPolicy().get();
        if (id.isEmpty()) {
            return false;
        }
        open.accept(id);
        if (lessons.lessonProperty().get() == null
                || !lessons.lessonProperty().get().id().equals(id)) {
            return false;
        }
        org.diolab.engine.op.Policy.byId(policy).ifPresent(lessons::selectPolicy);
        lessons.goTo(step);
        return true;
    }
}
