package org.diolab.app.export;

import java.awt.image.BufferedImage;
import java.awt.image.IndexColorModel;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageTypeSpecifier;
import javax.imageio.ImageWriter;
import javax.imageio.metadata.IIOMetadata;
import javax.imageio.metadata.IIOMetadataNode;
import javax.imageio.stream.ImageOutputStream;

/**
 * Writes frames as one looping animated GIF with the JDK's own image I/O (no native tools): each frame shown for
 * {@code delayMillis}, the last one longer, so a viewer sees where the run ends. Frames come in already reduced to
 * their palette ({@link GifPalette}, which can run on other threads meanwhile); the JDK's writer only compresses them.
 *
 * <pre>{@code
 * try (GifWriter gif = GifWriter.open(file, 1600, frames.size())) {
 *     for (BufferedImage f : frames) gif.add(GifPalette.reduce(f));
 * }
 * }</pre>
 */
public final class GifWriter implements AutoCloseable {
    private final ImageWriter writer =
            ImageIO.getImageWritersByFormatName("gif").next();
    private final ImageOutputStream out;
    private final int delayMillis;
    private final int frames;
    private int written;

    private GifWriter(Path file, int delayMillis, int frames) throws IOException {
        this.out = ImageIO.createImageOutputStream(file.toFile());
        this.delayMillis = delayMillis;
        this.frames = frames;
        writer.setOutput(out);
        writer.prepareWriteSequence(null);
    }

    /** A GIF of {@code frames} frames at {@code file}. */
    static GifWriter open(Path file, int delayMillis, int frames) throws IOException {
        return new GifWriter(file, delayMillis, frames);
    }

    /** Reduces and writes every frame. */
    public static void write(List<BufferedImage> frames, Path file, int delayMillis) throws IOException {
        try (GifWriter gif = open(file, delayMillis, frames.size())) {
            for (BufferedImage f : frames) {
                gif.add(GifPalette.reduce(f));
            }
        }
    }

    /** The next frame, already indexed ({@link GifPalette#reduce}). */
    void add(BufferedImage indexed) throws IOException {
        if (!(indexed.getColorModel() instanceof IndexColorModel)) {
            throw new IllegalArgumentException("a GIF frame must be indexed: GifPalette.reduce it first");
        }
        int delay = written == frames - 1 ? delayMillis * 3 : delayMillis;
        IIOMetadata meta = writer.getDefaultImageMetadata(
                ImageTypeSpecifier.createFromRenderedImage(indexed), writer.getDefaultWriteParam());
        configure(meta, delay, written == 0);
        writer.writeToSequence(new IIOImage(indexed, null, meta), writer.getDefaultWriteParam());
        written++;
    }

    @Override
    public void close() throws IOException {
        try {
            writer.endWriteSequence();
        } finally {
            writer.dispose();
            out.close();
        }
    }

    private static void configure(IIOMetadata meta, int delayMillis, boolean first) throws IOException {
        String format = meta.getNativeMetadataFormatName();
        IIOMetadataNode root = (IIOMetadataNode) meta.getAsTree(format);
        IIOMetadataNode gce = child(root, "GraphicControlExtension");
        gce.setAttribute("disposalMethod", "none");
        gce.setAttribute("userInputFlag", "FALSE");
        gce.setAttribute("transparentColorFlag", "FALSE");
        gce.setAttribute("delayTime", Integer.toString(Math.max(1, delayMillis / 10)));
        gce.setAttribute("transparentColorIndex", "0");
        if (first) {
            IIOMetadataNode apps = child(root, "ApplicationExtensions");
            IIOMetadataNode loop = new IIOMetadataNode("ApplicationExtension");
            loop.setAttribute("applicationID", "NETSCAPE");
            loop.setAttribute("authenticationCode", "2.0");
            loop.setUserObject(new byte[] {1, 0, 0}); // loop forever
            apps.appendChild(loop);
        }
        meta.setFromTree(format, root);
    }

    private static IIOMetadataNode child(IIOMetadataNode root, String name) {
        for (int i = 0; i < root.getLength(); i++) {
            if (root.item(i).getNodeName().equalsIgnoreCase(name)) {
                return (IIOMetadataNode) root.item(i);
            }
        }
        IIOMetadataNode node = new IIOMetadataNode(name);
        root.appendChild(node);
        return node;
    }
}
