package org.diolab.app.export;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The export's own encoders keep the picture: a PNG decodes to exactly the frame's pixels; a GIF frame with few
 * colours keeps every one exactly, and one with anti-aliased text and a gradient keeps its flat areas exact and every
 * other pixel near its colour; frames handed to the pipelined encoder come out in order, one file or frame each.
 */
class FrameEncodersTest {
    @Test
    void aPngDecodesToTheFramesOwnPixels(@TempDir Path dir) throws Exception {
        BufferedImage frame = stageLike(320, 200, true);
        Path f = dir.resolve("f.png");
        PngEncoder.write(frame, f);
        BufferedImage back = ImageIO.read(f.toFile());
        assertThat(differing(frame, back, 0)).isZero();
    }

    @Test
    void aFrameOfFewColoursKeepsEachExactly() {
        BufferedImage frame = stageLike(320, 200, false);
        BufferedImage gif = GifPalette.reduce(frame);
        assertThat(gif.getType()).isEqualTo(BufferedImage.TYPE_BYTE_INDEXED);
        assertThat(differing(frame, gif, 0)).isZero();
    }

    @Test
    void aFrameOfManyColoursKeepsItsAreasExactAndTheRestNear() {
        BufferedImage frame = stageLike(640, 400, true);
        ColourTable table = ColourTable.of(Pixels.rgb(frame));
        assertThat(table.size()).isGreaterThan(GifPalette.COLOURS * 2);
        BufferedImage gif = GifPalette.reduce(frame);
        // the background and the card, each a large area, are exact
        assertThat(gif.getRGB(2, 2)).isEqualTo(frame.getRGB(2, 2));
        assertThat(gif.getRGB(60, 60)).isEqualTo(frame.getRGB(60, 60));
        // no pixel is far from its colour (a channel off by more than 24 of 255 would be a visible band)
        assertThat(differing(frame, gif, 24)).isZero();
    }

    @Test
    void thePipelineWritesFramesInOrder(@TempDir Path dir) throws Exception {
        List<BufferedImage> frames = List.of(solid(Color.RED), solid(Color.GREEN), solid(Color.BLUE));
        List<Path> pngs = FrameExporter.write(frames, ExportFormat.PNG, dir, "run", (f, m) -> {});
        assertThat(pngs)
                .extracting(p -> p.getFileName().toString())
                .containsExactly("step-000.png", "step-001.png", "step-002.png");
        for (int i = 0; i < 3; i++) {
            assertThat(ImageIO.read(pngs.get(i).toFile()).getRGB(5, 5))
                    .isEqualTo(frames.get(i).getRGB(5, 5));
        }
        Path gif = FrameExporter.write(frames, ExportFormat.GIF, dir, "run", (f, m) -> {})
                .getFirst();
        var reader = ImageIO.getImageReadersByFormatName("gif").next();
        try (var in = ImageIO.createImageInputStream(gif.toFile())) {
            reader.setInput(in);
            assertThat(reader.getNumImages(true)).isEqualTo(3);
            for (int i = 0; i < 3; i++) {
                assertThat(reader.read(i).getRGB(5, 5)).isEqualTo(frames.get(i).getRGB(5, 5));
            }
        } finally {
            reader.dispose();
        }
    }

    /**
     * An MP4 of stills (no motion): one still a step goes to ffmpeg and into the video as one frame held
     * {@link FrameExporter#STEP_MILLIS} (the last three times as long), and the video shows each step's colour for
     * its time: what a viewer sees is as when every still was repeated at {@value FrameExporter#FPS} fps.
     */
    @Test
    void anMp4OfStillsHoldsEachStep(@TempDir Path dir) throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(Mp4Encoder.onPath().isPresent(), "ffmpeg is not installed");
        List<BufferedImage> frames = List.of(solid(Color.RED), solid(Color.GREEN), solid(Color.BLUE));
        Path mp4 = FrameExporter.write(frames, ExportFormat.MP4, dir, "run", (f, m) -> {})
                .getFirst();
        // three stills and the copy that ends the last one's hold, not 48 frames a still
        assertThat(VideoProbe.frames(mp4)).isEqualTo(frames.size() + 1L);
        double seconds = (frames.size() + 2) * FrameExporter.STEP_MILLIS / 1000.0;
        assertThat(VideoProbe.seconds(mp4)).isCloseTo(seconds, within(0.02));
        // each step's colour for its time, the last to the end
        assertThat(rgbAt(mp4, 0.8)).satisfies(c -> assertThat(c[0]).isGreaterThan(200));
        assertThat(rgbAt(mp4, 1.5)).satisfies(c -> assertThat(c[0]).isGreaterThan(200));
        assertThat(rgbAt(mp4, 1.7)).satisfies(c -> assertThat(c[1]).isGreaterThan(200));
        assertThat(rgbAt(mp4, 2.4)).satisfies(c -> {
            assertThat(c[1]).isGreaterThan(200);
            assertThat(c[0]).isLessThan(60);
            assertThat(c[2]).isLessThan(60);
        });
        assertThat(rgbAt(mp4, 3.3)).satisfies(c -> assertThat(c[2]).isGreaterThan(200));
        assertThat(rgbAt(mp4, seconds - 0.1)).satisfies(c -> assertThat(c[2]).isGreaterThan(200));
    }

    /** The colour in the middle of the frame on screen at {@code seconds} (16 × 16 frames). */
    private static int[] rgbAt(Path mp4, double seconds) throws Exception {
        Process p = new ProcessBuilder(
                        "ffmpeg",
                        "-v",
                        "error",
                        "-i",
                        mp4.toString(),
                        "-vf", // what a player shows at 30 fps: the frame on screen at that time, not the next to start
                        "fps=" + FrameExporter.FPS,
                        "-ss",
                        String.format(java.util.Locale.ROOT, "%.3f", seconds),
                        "-frames:v",
                        "1",
                        "-f",
                        "rawvideo",
                        "-pix_fmt",
                        "rgb24",
                        "-")
                .start();
        byte[] rgb = p.getInputStream().readAllBytes();
        p.waitFor();
        int mid = (8 * 16 + 8) * 3;
        return new int[] {rgb[mid] & 0xFF, rgb[mid + 1] & 0xFF, rgb[mid + 2] & 0xFF};
    }

    /** A light background, a card, bold text; with {@code rich}, anti-aliased text and a gradient strip too. */
    private static BufferedImage stageLike(int w, int h, boolean rich) {
        BufferedImage img = new BufferedImage(w, h, BufferedImage.TYPE_INT_ARGB_PRE);
        Graphics2D g = img.createGraphics();
        g.setColor(new Color(0xF6F8FA));
        g.fillRect(0, 0, w, h);
        g.setColor(Color.WHITE);
        g.fillRect(40, 40, w / 2, h / 2);
        g.setColor(new Color(0xCF222E));
        g.fillRect(w / 2 + 50, 40, 60, 30);
        g.setRenderingHint(
                RenderingHints.KEY_TEXT_ANTIALIASING,
                rich ? RenderingHints.VALUE_TEXT_ANTIALIAS_ON : RenderingHints.VALUE_TEXT_ANTIALIAS_OFF);
        g.setColor(new Color(0x1F2328));
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 18));
        g.drawString("bio w1 AAAA BBBB", 50, 80);
        if (rich) {
            Random r = new Random(7);
            for (int x = 0; x < w; x++) {
                g.setColor(new Color(x * 255 / w, 120 + r.nextInt(8), 255 - x * 255 / w));
                g.drawLine(x, h - 30, x, h - 1);
            }
        }
        g.dispose();
        return img;
    }

    private static BufferedImage solid(Color c) {
        BufferedImage img = new BufferedImage(16, 16, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        g.setColor(c);
        g.fillRect(0, 0, 16, 16);
        g.dispose();
        return img;
    }

    /** Pixels where some channel differs by more than {@code tolerance}. */
    private static int differing(BufferedImage a, BufferedImage b, int tolerance) {
        int n = 0;
        for (int y = 0; y < a.getHeight(); y++) {
            for (int x = 0; x < a.getWidth(); x++) {
                int p = a.getRGB(x, y);
                int q = b.getRGB(x, y);
                for (int s = 0; s < 24; s += 8) {
                    if (Math.abs(((p >> s) & 0xFF) - ((q >> s) & 0xFF)) > tolerance) {
                        n++;
                        break;
                    }
                }
            }
        }
        return n;
    }
}
