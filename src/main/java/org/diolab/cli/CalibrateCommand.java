package org.diolab.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import org.diolab.live.calib.Calibration;
import org.diolab.live.calib.CalibrationStore;
import org.diolab.live.calib.Calibrator;
import org.diolab.live.job.LiveFailure;
import org.diolab.live.job.LiveRefusal;
import org.diolab.live.job.ProgressListener;
import org.diolab.live.probe.EnvironmentProbe;
import org.diolab.live.run.LiveEngine;
import org.diolab.live.scratch.CleanupReport;
import org.diolab.live.scratch.ScratchDir;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code dio-lab calibrate}: measures this machine's stage speeds for the perf model and saves them. */
@Command(
        name = "calibrate",
        sortOptions = false,
        mixinStandardHelpOptions = true,
        description = {
            "Measures memcpy GB/s, the CRC32C checksum path (hardware and software) in GB/s, and the"
                    + " device's sequential O_DIRECT write and read MiB/s in --dir; saves them as JSON for the perf model"
                    + " and the app (default: $XDG_CONFIG_HOME/dio-lab/calibration.json or"
                    + " ~/.config/dio-lab/calibration.json)."
        })
final class CalibrateCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--dir", required = true, paramLabel = "DIR", description = "scratch directory on the disk")
    Path dir;

    @Option(names = "--save", paramLabel = "FILE", description = "where to save (default: see above)")
    Path save;

    @Option(names = "--no-save", description = "only print")
    boolean noSave;

    @Option(names = "--quick", description = "small buffers and short runs (a first look, less precise)")
    boolean quick;

    @Mixin
    FormatOption format;

    @Option(names = "--no-progress", description = "no progress on stderr")
    boolean noProgress;

    @Option(names = "--no-sweep", description = "do not remove files that ended DIO Lab runs left in --dir")
    boolean noSweep;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        format.value(); // refused before the scratch directory is touched
        checkSaveTarget();
        ProgressPrinter progress = ProgressPrinter.forStderr(err);
        CancelOnShutdown cancel = new CancelOnShutdown();
        try {
            return calibrate(out, err, progress, cancel);
        } finally {
            progress.finish();
            err.flush();
            cancel.close(); // only now may a signal's exit go ahead: the last message is out
        }
    }

    /** A --save that is a folder is refused before the measurement, not after it. */
    private void checkSaveTarget() {
        if (save == null || noSave) {
            return;
        }
        if (Files.isDirectory(save)) {
            throw new UserError("--save " + save + " is a folder; give the file to save into, e.g. --save "
                    + save.resolve("calibration.json"));
        }
    }

    private int calibrate(PrintWriter out, PrintWriter err, ProgressPrinter progress, CancelOnShutdown cancel) {
        ScratchDir session;
        try {
            session = LiveEngine.openSession(dir, !noSweep);
        } catch (LiveRefusal e) {
            throw new UserError(e.getMessage());
        }
        ScratchMessages.sweep(session.sweepReport(), session.dir()).ifPresent(err::println);
        Calibration c = null;
        RuntimeException failure = null;
        try {
            c = Calibrator.run(
                    session,
                    quick ? Calibrator.Options.quick() : Calibrator.Options.standard(),
                    noProgress ? ProgressListener.NONE : progress,
                    cancel.token());
        } catch (LiveRefusal | LiveFailure | CancellationException e) {
            failure = e;
        }
        CleanupReport cleanup = session.cleanUp();
        progress.finish();
        switch (failure) {
            case null -> {}
            case LiveRefusal r -> {
                err.println("dio-lab: " + r.getMessage() + (cleanup.complete() ? "" : "; " + cleanup.summary()));
                return UserError.EXIT_CODE;
            }
            case CancellationException e -> {
                err.println("dio-lab: cancelled; " + cleanup.summary());
                return CancelOnShutdown.EXIT_CANCELLED;
            }
            default -> {
                err.println("dio-lab: calibration failed: " + failure.getMessage() + " (" + cleanup.summary() + ")");
                return 1;
            }
        }
        int code = report(c, out, err);
        if (!cleanup.complete()) {
            err.println("dio-lab: the calibration finished, but " + cleanup.summary());
            return 1;
        }
        return code;
    }

    private int report(Calibration c, PrintWriter out, PrintWriter err) {
        Path target = save != null ? save : CalibrationStore.defaultPath();
        String saveError = null;
        if (!noSave) {
            try {
                CalibrationStore.save(c, target);
            } catch (IOException e) {
                saveError = "dio-lab: could not save the calibration to " + target + ": " + e.getMessage();
            }
        }
        if (format.json()) {
            out.println(CalibrationStore.toJson(c));
        } else {
            out.printf(Locale.ROOT, "calibration in %s%n", c.scratchDir());
            out.printf(Locale.ROOT, "  memcpy                    %8.2f GB/s%n", c.memcpyGbPerSec());
            out.printf(Locale.ROOT, "  crc32c hw, per 4 KiB      %8.2f GB/s%n", c.crc32cHwGbPerSec());
            out.printf(Locale.ROOT, "  crc32c sw, per 4 KiB      %8.2f GB/s%n", c.crc32cSwGbPerSec());
            out.printf(Locale.ROOT, "  device write (1 MiB, O_DIRECT, seq) %8.1f MiB/s%n", c.deviceWriteMibPerSec());
            out.printf(Locale.ROOT, "  device read  (1 MiB, O_DIRECT, seq) %8.1f MiB/s%n", c.deviceReadMibPerSec());
            out.printf(Locale.ROOT, "  machine: %s%n", EnvironmentProbe.describe(c.machine()));
            if (!noSave && saveError == null) {
                out.printf(Locale.ROOT, "saved to %s%n", target);
            }
        }
        out.flush();
        if (saveError != null) {
            err.println(saveError);
            return 1;
        }
        return 0;
    }
}
