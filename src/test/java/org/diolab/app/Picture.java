package org.diolab.app;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import javafx.embed.swing.SwingFXUtils;
import javafx.geometry.Bounds;
import javafx.geometry.Point2D;
import javafx.scene.Node;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.scene.paint.Color;
import javafx.scene.paint.Paint;
import javax.imageio.ImageIO;

/**
 * A rendered window as a test reads it: the pixels inside a node's bounds, which colours they are. Colours to expect
 * come from the nodes themselves (what the stylesheet gave them), so the checks hold in either theme; {@link #reddish}
 * and friends say what the theme's colour must look like. FX thread for everything that reads nodes.
 */
final class Picture {
    private final WritableImage image;
    private final PixelReader pixels;
    private final Point2D origin;

    private Picture(WritableImage image, Point2D origin) {
        this.image = image;
        this.pixels = image.getPixelReader();
        this.origin = origin;
    }

    /** Renders {@code root} (the scene's root) and writes it to target/screenshots/{name}.png. FX thread. */
    static Picture of(Node root, String name) throws IOException {
        WritableImage image = root.snapshot(null, null);
        Path file = Screenshots.DIR.resolve(name + ".png");
        Files.createDirectories(file.getParent());
        ImageIO.write(SwingFXUtils.fromFXImage(image, null), "png", file.toFile());
        Bounds b = root.getBoundsInParent();
        return new Picture(image, new Point2D(b.getMinX(), b.getMinY()));
    }

    /** Where {@code n} is drawn, in the picture's pixels. */
    Bounds boundsOf(Node n) {
        Bounds b = n.localToScene(n.getLayoutBounds());
        return new javafx.geometry.BoundingBox(
                b.getMinX() - origin.getX(), b.getMinY() - origin.getY(), b.getWidth(), b.getHeight());
    }

    /** Where point {@code p} of {@code n}'s coordinates is drawn. */
    Point2D pointOf(Node n, Point2D p) {
        return n.localToScene(p).subtract(origin);
    }

    /** The share (0..1) of the pixels inside {@code b} within {@code tolerance} (0..1, RGB distance) of {@code c}. */
    double share(Bounds b, Paint c, double tolerance) {
        Color want = (Color) c;
        int hits = 0;
        int all = 0;
        for (int y = (int) Math.ceil(b.getMinY()); y < (int) b.getMaxY(); y++) {
            for (int x = (int) Math.ceil(b.getMinX()); x < (int) b.getMaxX(); x++) {
                if (x < 0 || y < 0 || x >= image.getWidth() || y >= image.getHeight()) {
                    continue;
                }
                all++;
                hits += distance(pixels.getColor(x, y), want) <= tolerance ? 1 : 0;
            }
        }
        return all == 0 ? 0 : hits / (double) all;
    }

    /** Whether some pixel within {@code radius} of {@code p} is within {@code tolerance} of {@code c}. */
    boolean near(Point2D p, Paint c, int radius, double tolerance) {
        for (int dy = -radius; dy <= radius; dy++) {
            for (int dx = -radius; dx <= radius; dx++) {
                int x = (int) Math.round(p.getX()) + dx;
                int y = (int) Math.round(p.getY()) + dy;
                if (x >= 0
                        && y >= 0
                        && x < image.getWidth()
                        && y < image.getHeight()
                        && distance(pixels.getColor(x, y), (Color) c) <= tolerance) {
                    return true;
                }
            }
        }
        return false;
    }

    /** A red (the theme's danger colours): its hue within 25° of red, clearly saturated. */
    static boolean reddish(Paint p) {
        Color c = (Color) p;
        return (c.getHue() < 25 || c.getHue() > 335) && c.getSaturation() > 0.05;
    }

    /** A green (the theme's success colours). */
    static boolean greenish(Paint p) {
        Color c = (Color) p;
        return c.getHue() > 90 && c.getHue() < 170 && c.getSaturation() > 0.3;
    }

    /** A blue (the theme's accent). */
    static boolean bluish(Paint p) {
        Color c = (Color) p;
        return c.getHue() > 190 && c.getHue() < 240 && c.getSaturation() > 0.5;
    }

    private static double distance(Color a, Color b) {
        double dr = a.getRed() - b.getRed();
        double dg = a.getGreen() - b.getGreen();
        double db = a.getBlue() - b.getBlue();
        return Math.sqrt((dr * dr + dg * dg + db * db) / 3);
    }
}
