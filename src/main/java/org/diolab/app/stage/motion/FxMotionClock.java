package org.diolab.app.stage.motion;

import java.util.function.DoubleConsumer;
import javafx.animation.AnimationTimer;

/** The toolkit's pulse as a {@link MotionClock}: one frame per pulse, progress from the pulse's own timestamp. */
public final class FxMotionClock implements MotionClock {
    @Override
    public Running start(double millis, DoubleConsumer frame, Runnable done) {
        AnimationTimer timer = new AnimationTimer() {
            private long start = -1;

            @Override
            public void handle(long now) {
                if (start < 0) {
                    start = now;
                }
                double t = millis <= 0 ? 1 : Math.min(1, (now - start) / 1e6 / millis);
                frame.accept(t);
                if (t >= 1) {
                    stop();
                    done.run();
                }
            }
        };
        frame.accept(0);
        timer.start();
        return timer::stop;
    }
}
