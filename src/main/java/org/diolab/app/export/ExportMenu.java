package org.diolab.app.export;

import java.awt.image.BufferedImage;
import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import javafx.embed.swing.SwingFXUtils;
import javafx.scene.control.Alert;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.ToggleGroup;
import javafx.scene.control.Tooltip;
import javafx.stage.DirectoryChooser;
import javafx.stage.FileChooser;
import org.diolab.app.lesson.LessonViewModel;
import org.diolab.app.work.BackgroundTask;
import org.diolab.app.work.BackgroundWork;
import org.diolab.app.work.Job;
import org.diolab.engine.Trace;
import org.diolab.lesson.Lesson;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.materialdesign2.MaterialDesignE;

/**
 * The export menu: this step as a PNG, every step as PNGs, an animated GIF, or an MP4 (when ffmpeg is on the PATH) —
 * all frames the same fixed size (1920×1080 unless chosen otherwise), with the lesson's title, the step's caption and
 * the invariant banner, in the window's theme. Frames are drawn on the FX thread, files written in the background.
 */
public final class ExportMenu extends MenuButton {
    private final LessonViewModel vm;
    private final BackgroundWork work;
    private final BooleanSupplier dark;
    private final String stylesheet;
    private FrameSize size = FrameSize.FULL_HD;
    private Consumer<Alert> show = Alert::show;

    /**
     * @param dark       whether the window shows the dark theme (frames follow it)
     * @param stylesheet the window's stylesheet (URL), so frames look like the window
     */
    public ExportMenu(LessonViewModel vm, BackgroundWork work, BooleanSupplier dark, String stylesheet) {
        super(null, new FontIcon(MaterialDesignE.EXPORT));
        this.vm = vm;
        this.work = work;
        this.dark = dark;
        this.stylesheet = stylesheet;
        setId("export-menu");
        setTooltip(new Tooltip("Export frames of the run: PNG, GIF, MP4"));
        setFocusTraversable(false);
        MenuItem one = new MenuItem("This step as PNG…");
        one.setOnAction(e -> chooseFile("png").ifPresent(this::exportStep));
        MenuItem all = new MenuItem("Every step as PNGs…");
        all.setOnAction(e -> chooseDir().ifPresent(d -> exportRun(ExportFormat.PNG, d)));
        MenuItem gif = new MenuItem("Animated GIF of the run…");
        gif.setOnAction(e -> chooseDir().ifPresent(d -> exportRun(ExportFormat.GIF, d)));
        boolean ffmpeg = Mp4Encoder.onPath().isPresent();
        MenuItem mp4 = new MenuItem(ffmpeg ? "MP4 video of the run…" : "MP4 video (needs ffmpeg on the PATH)");
        mp4.setDisable(!ffmpeg);
        mp4.setOnAction(e -> chooseDir().ifPresent(d -> exportRun(ExportFormat.MP4, d)));
        Menu sizes = new Menu("Frame size");
        ToggleGroup group = new ToggleGroup();
        for (FrameSize s : List.of(new FrameSize(1280, 720), FrameSize.FULL_HD, new FrameSize(3840, 2160))) {
            RadioMenuItem item = new RadioMenuItem(s.width() + " × " + s.height());
            item.setToggleGroup(group);
            item.setSelected(s.equals(size));
            item.setOnAction(e -> size = s);
            sizes.getItems().add(item);
        }
        getItems().addAll(one, all, gif, mp4, new SeparatorMenuItem(), sizes);
    }

    /** Where reports go (tests capture them instead of opening windows). */
    void setAlertShower(Consumer<Alert> shower) {
        this.show = shower;
    }

    void setFrameSize(FrameSize s) {
        this.size = s;
    }

    /** Writes the step on show as one PNG of the chosen frame size. */
    void exportStep(Path file) {
        try {
            FrameComposer frames = composer();
            BufferedImage img =
                    SwingFXUtils.fromFXImage(frames.render(vm.indexProperty().get()), null);
            PngEncoder.write(img, file);
            report(Alert.AlertType.INFORMATION, "Wrote " + file + " (" + size + ").");
        } catch (Exception ex) {
            report(Alert.AlertType.ERROR, "Could not write " + file + ": " + ex.getMessage());
        }
    }

    /**
     * Draws every step and writes it as {@code format} into {@code dir} in the background: each frame is drawn on the
     * FX thread between the window's own pulses and encoded on workers while the next is drawn.
     */
    Job exportRun(ExportFormat format, Path dir) {
        if (format == ExportFormat.MP4) {
            return exportVideo(dir);
        }
        FrameComposer frames;
        try {
            frames = composer();
        } catch (RuntimeException ex) {
            report(Alert.AlertType.ERROR, "Export failed: " + ex.getMessage());
            return null;
        }
        String stem = stem();
        return work.submit(BackgroundTask.<List<Path>>of(
                        "export " + format.id(), ctx -> FrameExporter.export(frames, format, dir, stem, ctx::progress))
                .onSuccess(files -> report(
                        Alert.AlertType.INFORMATION,
                        "Wrote "
                                + (files.size() == 1
                                        ? files.getFirst()
                                        : files.size() + " frames (" + size + ") to "
                                                + files.getFirst().getParent())
                                + "."))
                .onFailure(ex -> report(Alert.AlertType.ERROR, "Export failed: " + ex.getMessage())));
    }

    /** An MP4 that plays as the window does, transitions included; drawn frame by frame from the background job. */
    private Job exportVideo(Path dir) {
        FrameComposer frames;
        try {
            frames = composer();
        } catch (RuntimeException ex) {
            report(Alert.AlertType.ERROR, "Export failed: " + ex.getMessage());
            return null;
        }
        return work.submit(BackgroundTask.<Path>of(
                        "export mp4", ctx -> FrameExporter.mp4WithMotion(frames, size, dir, stem(), ctx::progress))
                .onSuccess(file -> report(Alert.AlertType.INFORMATION, "Wrote " + file + "."))
                .onFailure(ex -> report(Alert.AlertType.ERROR, "Export failed: " + ex.getMessage())));
    }

    private FrameComposer composer() {
        Lesson l = vm.lessonProperty().get();
        Trace t = vm.traceProperty().get();
        if (l == null || t == null) {
            throw new IllegalStateException("open a lesson first");
        }
        return new FrameComposer(l, vm.policyProperty().get(), t, size, dark.getAsBoolean(), stylesheet);
    }

    private void report(Alert.AlertType type, String text) {
        Alert a = new Alert(type, text);
        a.setTitle(type == Alert.AlertType.ERROR ? "Export failed" : "Export");
        a.setHeaderText(type == Alert.AlertType.ERROR ? "The export did not finish" : "Export finished");
        show.accept(a);
    }

    private String stem() {
        Lesson l = vm.lessonProperty().get();
        return (l == null ? "dio-lab" : l.id()) + "-"
                + vm.policyProperty().get().id();
    }

    private java.util.Optional<Path> chooseFile(String ext) {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Export this step as " + ext.toUpperCase());
        chooser.setInitialFileName(stem() + "-step-" + vm.indexProperty().get() + "." + ext);
        File f = chooser.showSaveDialog(getScene().getWindow());
        return java.util.Optional.ofNullable(f).map(File::toPath);
    }

    private java.util.Optional<Path> chooseDir() {
        DirectoryChooser chooser = new DirectoryChooser();
        chooser.setTitle("Folder to export " + stem() + " into");
        File d = chooser.showDialog(getScene().getWindow());
        return java.util.Optional.ofNullable(d).map(File::toPath);
    }
}
