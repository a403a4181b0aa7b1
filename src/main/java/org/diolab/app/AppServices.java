package org.diolab.app;

import java.nio.file.Path;
import java.util.concurrent.Executor;
import java.util.function.Supplier;
import javafx.application.Platform;
import org.diolab.app.prefs.AppPreferences;
import org.diolab.app.work.BackgroundWork;
import org.diolab.app.work.FxBackgroundWork;
import org.diolab.live.calib.CalibrationReader;
import org.diolab.live.calib.CalibrationStatus;

/**
 * What the window's screens get from outside: where long work runs, what is remembered, how the calibration is read,
 * and the thread that owns the screen. The app passes the real ones; tests pass their own, so no test reads or
 * writes the user's settings or calibration.
 */
public record AppServices(
        BackgroundWork work, AppPreferences prefs, Supplier<CalibrationStatus> calibration, Executor fx) {
    /** The running app's: threads delivering on the FX thread, the user's preferences and calibration. */
    public static AppServices app(AppPreferences prefs) {
        return new AppServices(new FxBackgroundWork(), prefs, CalibrationReader::read, Platform::runLater);
    }

    /** Nothing remembered, no calibration: a window that depends on nothing of the user's. */
    public static AppServices isolated(BackgroundWork work) {
        return new AppServices(
                work,
                AppPreferences.inMemory(),
                () -> new CalibrationStatus.Missing(Path.of("no-calibration.json")),
                Platform::runLater);
    }
}
