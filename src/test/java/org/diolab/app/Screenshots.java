package org.diolab.app;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import javafx.embed.swing.SwingFXUtils;
import javafx.scene.Node;
import javafx.scene.image.WritableImage;
import javax.imageio.ImageIO;

/** Writes PNG snapshots of nodes under target/screenshots, so a person can look at what the tests saw. */
final class Screenshots {
    static final Path DIR = Path.of("target", "screenshots");

    private Screenshots() {}

    /** Must run on the FX thread. */
    static Path write(Node node, String name) throws IOException {
        WritableImage image = node.snapshot(null, null);
        Files.createDirectories(DIR);
        Path file = DIR.resolve(name + ".png");
        ImageIO.write(SwingFXUtils.fromFXImage(image, null), "png", file.toFile());
        return file;
    }
}
