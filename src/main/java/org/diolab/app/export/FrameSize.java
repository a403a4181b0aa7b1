package org.diolab.app.export;

/** The fixed size of every exported frame, in pixels. */
public record FrameSize(int width, int height) {
    public static final FrameSize FULL_HD = new FrameSize(1920, 1080);

    public FrameSize {
        if (width < 320 || height < 180 || width > 7680 || height > 4320) {
            throw new IllegalArgumentException("frame size " + width + "x" + height
                    + " is out of range; use 320x180 to 7680x4320, e.g. 1920x1080");
        }
    }

    /** Parses {@code 1920x1080}. */
    public static FrameSize parse(String s) {
        String[] wh = s.trim().toLowerCase(java.util.Locale.ROOT).split("[x×]");
        if (wh.length != 2) {
            throw new IllegalArgumentException("--size '" + s + "' is not WIDTHxHEIGHT; e.g. 1920x1080");
        }
        try {
            return new FrameSize(Integer.parseInt(wh[0].trim()), Integer.parseInt(wh[1].trim()));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--size '" + s + "' is not WIDTHxHEIGHT; e.g. 1920x1080");
        }
    }

    @Override
    public String toString() {
        return width + "x" + height;
    }
}
