package org.diolab.app.export;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import javafx.stage.Stage;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;
import org.diolab.TestLessons;
import org.diolab.app.DioLabApp;
import org.diolab.app.Themes;
import org.diolab.app.stage.StageChecks;
import org.diolab.app.stage.StageProbe;
import org.diolab.app.stage.StageTextSizes;
import org.diolab.app.stage.StageView;
import org.diolab.engine.Trace;
import org.diolab.lesson.Lesson;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * Exported frames are the size asked for at every step (the old PNGs were 802×1264, 802×1392, ... per step), each
 * frame's stage shows its own step with what it changed in view and legible, an animated GIF decodes with one frame
 * per step, and the dark theme is drawn dark.
 */
@ExtendWith(ApplicationExtension.class)
class FrameExportTest {
    private static final FrameSize SIZE = new FrameSize(960, 540);
    private final Lesson lesson =
            TestLessons.bundled().find("raid1-mirrors-diverge").orElseThrow();

    @Start
    void start(Stage stage) {
        stage.show();
    }

    @Test
    void everyFrameHasTheSizeAskedForAndTheGifHasOneFramePerStep(FxRobot robot, @TempDir Path dir) throws Exception {
        List<BufferedImage> frames = render(robot, false);
        assertThat(frames).hasSize(lesson.play(lesson.defaultPolicy()).size());
        assertThat(frames).allSatisfy(f -> {
            assertThat(f.getWidth()).isEqualTo(SIZE.width());
            assertThat(f.getHeight()).isEqualTo(SIZE.height());
        });
        List<Path> gif = FrameExporter.write(frames, ExportFormat.GIF, dir, "raid1", (f, m) -> {});
        List<BufferedImage> decoded = decodeGif(gif.getFirst());
        assertThat(decoded).hasSize(frames.size());
        assertThat(decoded).allSatisfy(f -> {
            assertThat(f.getWidth()).isEqualTo(SIZE.width());
            assertThat(f.getHeight()).isEqualTo(SIZE.height());
        });
        // The frames differ: the run moves on (first and last step are not the same picture).
        assertThat(sameImage(decoded.getFirst(), decoded.getLast())).isFalse();
        // And the stage itself moves on with it: every step changes something on it (a lane's state at least), so
        // no frame's stage is the picture of the step before (it was, while a stale bitmap stood in for it).
        List<Integer> sameStage = new ArrayList<>();
        for (int i = 1; i < frames.size(); i++) {
            if (sameStage(frames.get(i - 1), frames.get(i))) {
                sameStage.add(i);
            }
        }
        assertThat(sameStage).as("steps whose stage shows the step before").isEmpty();

        List<Path> pngs = FrameExporter.write(frames, ExportFormat.PNG, dir, "raid1", (f, m) -> {});
        assertThat(pngs).hasSize(frames.size());
        for (Path p : pngs) {
            BufferedImage png = ImageIO.read(p.toFile());
            assertThat(png.getWidth() + "x" + png.getHeight()).isEqualTo(SIZE.toString());
        }
        assertThat(Files.list(dir.resolve("raid1")).count()).isEqualTo(frames.size());
    }

    /**
     * A video's frames play the transition: into RAID1's step 6 the packet travels (consecutive frames' stages differ
     * in the packet alone, leg1 still holds 0000), and the still picture after it shows BBBB landed — and the frame has
     * no scroll bars, and its banner is set as large as the caption (both scale with the frame).
     */
    @Test
    void motionFramesPlayTheTransitionAndTheFrameHasNoScrollBars(FxRobot robot) {
        FrameSize hd = FrameSize.FULL_HD;
        BufferedImage[] shots = new BufferedImage[3];
        String[] leg1 = new String[3];
        double[] fonts = new double[2];
        List<String> bars = new ArrayList<>();
        robot.interact(() -> {
            FrameComposer c = new FrameComposer(
                    lesson,
                    lesson.defaultPolicy(),
                    lesson.play(lesson.defaultPolicy()),
                    hd,
                    false,
                    DioLabApp.class.getResource(DioLabApp.STYLESHEET).toExternalForm());
            double[] at = {0, 0.35, -1};
            for (int i = 0; i < 3; i++) {
                shots[i] = javafx.embed.swing.SwingFXUtils.fromFXImage(
                        at[i] < 0 ? c.render(6) : c.renderMoving(6, at[i]), null);
                leg1[i] = c.scene().getRoot().lookupAll(".byte-cells").stream()
                        .filter(n -> n.getProperties().get(org.diolab.app.stage.layout.Anchor.class)
                                        instanceof org.diolab.app.stage.layout.Anchor.BlockBytes b
                                && b.device().equals("leg1")
                                && b.block() == 0)
                        .map(n -> ((org.diolab.app.stage.cards.ByteCells) n).text())
                        .findFirst()
                        .orElse("?");
            }
            c.scene().getRoot().lookupAll(".scroll-bar").forEach(n -> {
                if (n.isVisible()) {
                    bars.add(n.toString());
                }
            });
            fonts[0] = ((javafx.scene.control.Label) c.scene().getRoot().lookup("#stage-banner"))
                    .getFont()
                    .getSize();
            fonts[1] = ((javafx.scene.control.Label) c.scene().getRoot().lookup(".export-action"))
                    .getFont()
                    .getSize();
        });
        assertThat(leg1).containsExactly("0000", "0000", "BBBB");
        assertThat(sameStage(shots[0], shots[1]))
                .as("the packet moves between frames")
                .isFalse();
        assertThat(sameStage(shots[1], shots[2])).as("the step lands").isFalse();
        assertThat(bars).as("visible scroll bars").isEmpty();
        assertThat(fonts[0]).as("banner font").isEqualTo(fonts[1]).isGreaterThanOrEqualTo(20);
    }

    /**
     * An exported frame follows its step as a projected talk does: at 1920×1080, at every step of the RAID1 lesson,
     * what the step changed is inside the stage's view and every text of what it involves (its changed cards, what a
     * broken invariant names, the acting lane, the banner) is at least the presenter's 18 px on the frame.
     */
    @Test
    void everyFrameShowsWhatItsStepChangedLegibly(FxRobot robot) {
        List<String> problems = new ArrayList<>();
        double[] least = {Double.MAX_VALUE};
        robot.interact(() -> {
            Trace t = lesson.play(lesson.defaultPolicy());
            FrameComposer c = new FrameComposer(
                    lesson,
                    lesson.defaultPolicy(),
                    t,
                    FrameSize.FULL_HD,
                    false,
                    DioLabApp.class.getResource(DioLabApp.STYLESHEET).toExternalForm());
            StageView stage = (StageView) c.scene().getRoot().lookup(".stage-view");
            java.util.Set<org.diolab.engine.model.Ref> before = null;
            for (int i = 0; i < t.size(); i++) {
                c.render(i);
                problems.addAll(StageChecks.step(stage, t.get(i), before, "frame " + i));
                before = StageProbe.of(stage).shown();
                StageTextSizes.Sizes px = StageTextSizes.of(stage, t.get(i));
                least[0] = Math.min(least[0], px.involved());
                if (px.involved() < FrameComposer.readableText(FrameSize.FULL_HD) - 0.01) {
                    problems.add("frame " + i + ": " + px.involvedText() + " at " + px.involved() + " px");
                }
            }
        });
        System.out.println("export 1920x1080 raid1: least involved text " + least[0] + " px");
        assertThat(problems).isEmpty();
    }

    /**
     * The caption is as high as its words, not a fixed four lines: at 1920×1080 RAID1's longest caption is shown whole
     * and the caption is no higher than it needs, so the stage gets the rest of the frame.
     */
    @Test
    void theCaptionIsAsHighAsItsWords(FxRobot robot) {
        List<String> problems = new ArrayList<>();
        robot.interact(() -> {
            Trace t = lesson.play(lesson.defaultPolicy());
            FrameComposer c = new FrameComposer(
                    lesson,
                    lesson.defaultPolicy(),
                    t,
                    FrameSize.FULL_HD,
                    false,
                    DioLabApp.class.getResource(DioLabApp.STYLESHEET).toExternalForm());
            javafx.scene.layout.Region caption =
                    (javafx.scene.layout.Region) c.scene().getRoot().lookup(".export-caption");
            double tallest = 0;
            for (int i = 0; i < t.size(); i++) {
                c.render(i);
                tallest = Math.max(tallest, caption.prefHeight(caption.getWidth()));
                for (javafx.scene.Node n : caption.lookupAll(".label")) {
                    javafx.scene.control.Label l = (javafx.scene.control.Label) n;
                    if (l.isVisible() && l.getHeight() < l.prefHeight(l.getWidth()) - 0.5) {
                        problems.add("step " + i + ": caption line cut: " + l.getText());
                    }
                }
            }
            // Rendering a step sets its words, so prefHeight above is each step's own need: the caption is the most.
            if (caption.getHeight() > Math.ceil(tallest) + 0.5) {
                problems.add("caption " + caption.getHeight() + " px high, its words need " + tallest);
            }
        });
        assertThat(problems).isEmpty();
    }

    /** With ffmpeg on the PATH: an MP4 with the motion is written, as long as its transitions and stills add up to. */
    @Test
    void anMp4CarriesTheMotion(@TempDir Path dir) throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(Mp4Encoder.onPath().isPresent(), "ffmpeg is not installed");
        Lesson small = TestLessons.bundled().find("pin-is-not-a-lock").orElseThrow();
        FrameSize size = new FrameSize(640, 360);
        java.util.concurrent.FutureTask<FrameComposer> made =
                new java.util.concurrent.FutureTask<>(() -> new FrameComposer(
                        small,
                        small.defaultPolicy(),
                        small.play(small.defaultPolicy()),
                        size,
                        false,
                        DioLabApp.class.getResource(DioLabApp.STYLESHEET).toExternalForm()));
        javafx.application.Platform.runLater(made);
        FrameComposer c = made.get();
        Path mp4 = FrameExporter.mp4WithMotion(c, size, dir, "pin", (f, m) -> {});
        int steps = small.play(small.defaultPolicy()).size();
        int hold = FrameExporter.STEP_MILLIS * FrameExporter.FPS / 1000;
        long ticks = (long) (steps - 1) * FrameExporter.transitionFrames() + (long) (steps + 2) * hold;
        // as long as every transition frame at 30 fps and every still held (the last three times): a still is one
        // encoded frame with its time, plus the copy that ends the last one
        assertThat(VideoProbe.seconds(mp4))
                .isCloseTo(ticks / (double) FrameExporter.FPS, org.assertj.core.api.Assertions.within(0.02));
        assertThat(VideoProbe.frames(mp4)).isEqualTo((long) (steps - 1) * FrameExporter.transitionFrames() + steps + 1);
    }

    @Test
    void theDarkThemeIsDrawnDark(FxRobot robot) {
        BufferedImage light = renderOne(robot, false);
        BufferedImage dark = renderOne(robot, true);
        assertThat(luma(dark.getRGB(2, SIZE.height() / 2))).isLessThan(80);
        assertThat(luma(light.getRGB(2, SIZE.height() / 2))).isGreaterThan(180);
    }

    private List<BufferedImage> render(FxRobot robot, boolean dark) {
        List<BufferedImage> out = new ArrayList<>();
        robot.interact(() -> {
            Themes.apply(dark);
            out.addAll(FrameExporter.render(composer(dark), (f, m) -> {}));
            Themes.apply(false);
        });
        return out;
    }

    private BufferedImage renderOne(FxRobot robot, boolean dark) {
        BufferedImage[] out = new BufferedImage[1];
        robot.interact(() -> {
            Themes.apply(dark);
            out[0] = javafx.embed.swing.SwingFXUtils.fromFXImage(composer(dark).render(0), null);
            Themes.apply(false);
        });
        return out[0];
    }

    private FrameComposer composer(boolean dark) {
        return new FrameComposer(
                lesson,
                lesson.defaultPolicy(),
                lesson.play(lesson.defaultPolicy()),
                SIZE,
                dark,
                DioLabApp.class.getResource(DioLabApp.STYLESHEET).toExternalForm());
    }

    private static List<BufferedImage> decodeGif(Path gif) throws Exception {
        Iterator<ImageReader> readers = ImageIO.getImageReadersByFormatName("gif");
        ImageReader reader = readers.next();
        try (ImageInputStream in = ImageIO.createImageInputStream(gif.toFile())) {
            reader.setInput(in);
            int n = reader.getNumImages(true);
            List<BufferedImage> out = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                out.add(reader.read(i));
            }
            return out;
        } finally {
            reader.dispose();
        }
    }

    private static boolean sameImage(BufferedImage a, BufferedImage b) {
        for (int y = 0; y < a.getHeight(); y += 3) {
            for (int x = 0; x < a.getWidth(); x += 3) {
                if (a.getRGB(x, y) != b.getRGB(x, y)) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Whether the lower two thirds of two frames (the stage, under the title and caption) are the same picture. */
    private static boolean sameStage(BufferedImage a, BufferedImage b) {
        for (int y = a.getHeight() / 3; y < a.getHeight(); y += 2) {
            for (int x = 0; x < a.getWidth(); x += 2) {
                if (a.getRGB(x, y) != b.getRGB(x, y)) {
                    return false;
                }
            }
        }
        return true;
    }

    private static int luma(int rgb) {
        return (int) (0.299 * (rgb >> 16 & 0xff) + 0.587 * (rgb >> 8 & 0xff) + 0.114 * (rgb & 0xff));
    }
}
