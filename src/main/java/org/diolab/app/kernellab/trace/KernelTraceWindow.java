package org.diolab.app.kernellab.trace;

import java.nio.file.Path;
import java.util.List;
import javafx.concurrent.Task;
import javafx.scene.Scene;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.diolab.live.kernel.trace.export.TraceFile;

/**
 * Opens a recorded trace ({@code SCENARIO.ftrace.txt}, as {@code kernel-lab --trace} writes it) in a window of its
 * own: the file is read and picked off the FX thread, the view built on it when done; a file that cannot be read is
 * reported through {@code onError} in one line.
 */
public final class KernelTraceWindow {
    private KernelTraceWindow() {}

    /** Reads {@code ftrace} in the background, then shows it beside {@code model} (empty: no model column). */
    public static Task<TracePicture> open(
            Window owner, Path ftrace, List<ModelStep> model, java.util.function.Consumer<String> onError) {
        Task<TracePicture> read = new Task<>() {
            @Override
            protected TracePicture call() throws Exception {
                return TracePicture.of(TraceFile.read(ftrace).story(), model);
            }
        };
        read.setOnSucceeded(e -> {
            Stage s = new Stage();
            s.initOwner(owner);
            s.setTitle("The kernel's trace — " + ftrace.getFileName());
            s.setScene(new Scene(new KernelTraceView(read.getValue()), 1100, 760));
            s.show();
        });
        read.setOnFailed(e -> onError.accept("cannot open the trace " + ftrace.getFileName() + ": "
                + read.getException().getMessage()));
        Thread t = new Thread(read, "trace-file-reader");
        t.setDaemon(true);
        t.start();
        return read;
    }
}
