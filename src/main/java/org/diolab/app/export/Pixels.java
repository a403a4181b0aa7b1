package org.diolab.app.export;

import java.awt.image.BufferedImage;
import java.awt.image.DataBufferInt;

/** A frame's pixels as packed ints, without a copy when the image already keeps them so (a snapshot's do). */
final class Pixels {
    private Pixels() {}

    /**
     * The pixels of {@code img} as 0xAARRGGBB (premultiplied or not: frames are opaque, so the same). The array may be
     * the image's own: read it, never write it.
     */
    static int[] rgb(BufferedImage img) {
        int type = img.getType();
        if ((type == BufferedImage.TYPE_INT_ARGB_PRE
                        || type == BufferedImage.TYPE_INT_ARGB
                        || type == BufferedImage.TYPE_INT_RGB)
                && img.getRaster().getDataBuffer() instanceof DataBufferInt ints
                && ints.getNumBanks() == 1
                && ints.getOffset() == 0
                && img.getRaster().getSampleModelTranslateX() == 0
                && img.getRaster().getSampleModelTranslateY() == 0
                && ints.getData().length == img.getWidth() * img.getHeight()) {
            return ints.getData();
        }
        return img.getRGB(0, 0, img.getWidth(), img.getHeight(), null, 0, img.getWidth());
    }
}
