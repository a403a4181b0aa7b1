package org.diolab.app.kernellab.trace;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import javafx.concurrent.Task;
import javafx.scene.Scene;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.diolab.live.kernel.trace.export.TraceFile;

/**
 * Opens a recorded trace in a window of its own: a file ({@code SCENARIO.ftrace.txt}, as {@code kernel-lab --trace}
 * writes it) or a recording the app's run kept in memory. The picture is built off the FX thread, the view on it when
 * done; what cannot be read or built is reported through {@code onError} in one line.
 */
public final class KernelTraceWindow {
    private KernelTraceWindow() {}

    /** Reads {@code ftrace} in the background, then shows it beside {@code model} (empty: no model column). */
    public static Task<TracePicture> open(Window owner, Path ftrace, List<ModelStep> model, Consumer<String> onError) {
        return open(
                owner,
                "The kernel's trace — " + ftrace.getFileName(),
                () -> TracePicture.of(TraceFile.read(ftrace).story(), model),
                onError);
    }

    /** Builds the picture with {@code build} in the background, then shows it in a window titled {@code title}. */
    public static Task<TracePicture> open(
            Window owner, String title, Callable<TracePicture> build, Consumer<String> onError) {
        Task<TracePicture> read = new Task<>() {
            @Override
            protected TracePicture call() throws Exception {
                return build.call();
            }
        };
        read.setOnSucceeded(e -> {
            Stage s = new Stage();
            s.initOwner(owner);
            s.setTitle(title);
            s.setScene(new Scene(new KernelTraceView(read.getValue()), 1100, 760));
            s.show();
        });
        read.setOnFailed(e -> onError.accept(
                "cannot open " + title + ": " + read.getException().getMessage()));
        Thread t = new Thread(read, "trace-picture-builder");
        t.setDaemon(true);
        t.start();
        return read;
    }
}
