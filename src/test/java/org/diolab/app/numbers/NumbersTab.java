package org.diolab.app.numbers;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import org.diolab.app.lesson.LessonViewModel;
import org.diolab.app.work.SynchronousBackgroundWork;
import org.diolab.live.calib.CalibrationReader;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Numbers tab as its tests make it: no calibration saved in {@code scratch}, short user-space runs, the kernel lab
 * with 64 MiB files and 2 s runs answered by {@code runner}, work done on the calling thread.
 */
final class NumbersTab {
    private NumbersTab() {}

    static NumbersViewModel viewModel(LessonViewModel lessons, Path scratch, KernelMeasure.Runner runner) {
        return new NumbersViewModel(
                lessons,
                new SynchronousBackgroundWork(),
                () -> CalibrationReader.read(scratch.resolve("none.json"), "6.18.44", "lab-host"),
                UserSpaceMeasure.live(8 << 20, Duration.ofMillis(200)),
                new KernelMeasure(runner, 64L << 20, Duration.ofSeconds(2)));
    }

    /** The tab whose lab answers with {@link KernelColumnFixture#s000}. */
    static NumbersViewModel withS000Lab(LessonViewModel lessons, Path scratch) {
        return viewModel(lessons, scratch, (req, p, c) -> KernelColumnFixture.s000(req));
    }

    /** {@code c}'s value, read on the FX thread. */
    static <T> T onFx(Callable<T> c) {
        try {
            return WaitForAsyncUtils.asyncFx(c).get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}
