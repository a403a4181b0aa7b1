package org.diolab.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.diolab.app.export.ExportFormat;
import org.diolab.app.export.FrameSize;
import org.diolab.app.launch.HeadlessExport;
import org.diolab.engine.op.Policy;
import org.diolab.lesson.Lesson;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code dio-lab export <lesson> [--policy P] --format png|gif|mp4 --out DIR [--size WxH] [--theme light|dark]}: every
 * step of the run as fixed-size frames, drawn as the app draws them, without a window (JavaFX's Headless platform
 * when there is no display).
 */
@Command(
        name = "export",
        mixinStandardHelpOptions = true,
        description = "Export every step of a lesson's run as PNG frames, an animated GIF or an MP4 (needs ffmpeg).")
final class ExportCommand implements Runnable {
    @Parameters(index = "0", paramLabel = "LESSON", description = "Lesson id (see 'dio-lab lessons').")
    String lessonId;

    @Option(names = "--policy", paramLabel = "P", description = "Policy (default: the lesson's broken one).")
    String policy;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "png", description = "png, gif or mp4.")
    String format;

    @Option(names = "--out", paramLabel = "DIR", required = true, description = "Folder to write into.")
    Path out;

    @Option(names = "--size", paramLabel = "WxH", defaultValue = "1920x1080", description = "Frame size.")
    String size;

    @Option(names = "--theme", paramLabel = "THEME", defaultValue = "light", description = "light or dark.")
    String theme;

    @Option(
            names = "--motion",
            negatable = true,
            defaultValue = "true",
            fallbackValue = "true",
            description = "MP4 only: play each step's transition at 30 fps before its still picture (default);"
                    + " --no-motion shows the still pictures alone.")
    boolean motion;

    @Mixin
    LessonSource source;

    @Spec
    CommandSpec spec;

    /** The I/O failure behind {@code e} (the encoders' workers wrap it), or null when it is not one. */
    private static IOException ioCause(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof IOException io) {
                return io;
            }
        }
        return null;
    }

    @Override
    public void run() {
        Lesson lesson = source.lesson(lessonId);
        Policy p = LessonRunOptions.policyOf(lesson, policy);
        ExportFormat fmt;
        FrameSize frame;
        try {
            fmt = ExportFormat.parse(format);
            frame = FrameSize.parse(size);
        } catch (IllegalArgumentException e) {
            throw new UserError(e.getMessage());
        }
        if (!theme.equals("light") && !theme.equals("dark")) {
            throw new UserError("unknown theme '" + theme + "'; use light or dark");
        }
        if (fmt == ExportFormat.MP4 && org.diolab.app.export.Mp4Encoder.onPath().isEmpty()) {
            throw new UserError(org.diolab.app.export.Mp4Encoder.missing());
        }
        ExportTarget target = ExportTarget.prepare(out, lesson.id() + "-" + p.id());
        List<Path> files;
        try {
            files = HeadlessExport.run(
                    new HeadlessExport.Request(lesson, p, fmt, out, frame, theme.equals("dark"), motion), (f, m) -> {});
        } catch (Exception e) {
            int removed = target.undo();
            IOException io = ioCause(e);
            if (io == null) {
                throw e instanceof RuntimeException r ? r : new IllegalStateException("export failed: " + e, e);
            }
            throw new CommandFailed(
                    "export failed: cannot write the frames into " + out + " (" + ExportTarget.reason(io) + ")"
                            + (removed == 0 ? "" : "; removed the " + removed + " file(s) it had written")
                            + " — free some space or give another --out",
                    e);
        }
        var w = spec.commandLine().getOut();
        if (files.size() == 1) {
            w.println("wrote " + files.getFirst() + " (" + lesson.play(p).size() + " steps, " + frame + ")");
        } else {
            w.println("wrote " + files.size() + " frames (" + frame + ") to "
                    + files.getFirst().getParent());
        }
    }
}
