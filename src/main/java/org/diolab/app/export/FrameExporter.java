package org.diolab.app.export;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.BiConsumer;
import java.util.stream.Stream;
import javafx.embed.swing.SwingFXUtils;
import javax.imageio.ImageIO;

/**
 * Exports a run: every step rendered by a {@link FrameComposer} (FX thread), then written as numbered PNGs, one
 * animated GIF or one MP4 (any thread). Files are named after the lesson and policy.
 */
public final class FrameExporter {
    /** How long each step stays on screen in a GIF or video. */
    public static final int STEP_MILLIS = 1600;

    private FrameExporter() {}

    /** Renders every step. FX thread. */
    public static List<BufferedImage> render(FrameComposer frames, BiConsumer<Double, String> progress) {
        List<BufferedImage> out = new ArrayList<>();
        for (int i = 0; i < frames.steps(); i++) {
            out.add(SwingFXUtils.fromFXImage(frames.render(i), null));
            progress.accept((i + 1.0) / frames.steps() / 2, "rendered step " + i);
        }
        return out;
    }

    /**
     * Writes rendered frames into {@code dir} as {@code format}: {@code <stem>/step-NNN.png}, {@code <stem>.gif} or
     * {@code <stem>.mp4}. Returns the files written.
     */
    public static List<Path> write(
            List<BufferedImage> frames, ExportFormat format, Path dir, String stem, BiConsumer<Double, String> progress)
            throws IOException, InterruptedException {
        Files.createDirectories(dir);
        return switch (format) {
            case PNG -> pngs(frames, dir.resolve(stem), progress);
            case GIF -> {
                Path gif = dir.resolve(stem + ".gif");
                GifWriter.write(frames, gif, STEP_MILLIS);
                progress.accept(1.0, "wrote " + gif.getFileName());
                yield List.of(gif);
            }
            case MP4 -> {
                Mp4Encoder ffmpeg = Mp4Encoder.onPath().orElseThrow(() -> new IOException(Mp4Encoder.missing()));
                Path tmp = Files.createTempDirectory(dir, ".dio-lab-frames-");
                try {
                    pngs(frames, tmp, (f, m) -> progress.accept(0.5 + f / 4, m));
                    Path mp4 = dir.resolve(stem + ".mp4");
                    ffmpeg.encode(tmp, mp4, STEP_MILLIS / 1000.0);
                    progress.accept(1.0, "wrote " + mp4.getFileName());
                    yield List.of(mp4);
                } finally {
                    deleteTree(tmp);
                }
            }
        };
    }

    private static List<Path> pngs(List<BufferedImage> frames, Path dir, BiConsumer<Double, String> progress)
            throws IOException {
        Files.createDirectories(dir);
        List<Path> files = new ArrayList<>();
        for (int i = 0; i < frames.size(); i++) {
            Path f = dir.resolve(String.format("step-%03d.png", i));
            ImageIO.write(frames.get(i), "png", f.toFile());
            files.add(f);
            progress.accept(0.5 + (i + 1.0) / frames.size() / 2, "wrote " + f.getFileName());
        }
        return files;
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
