package org.diolab.app.prefs;

import java.util.Locale;

/** Where the window was and how big, to open it there again. */
public record WindowBounds(double x, double y, double width, double height, boolean maximized) {
    public WindowBounds {
        if (!(width > 0 && height > 0)) {
            throw new IllegalArgumentException("a window has a size, not " + width + "×" + height);
        }
    }

    /** {@code x,y,width,height,maximized}, as stored. */
    public String format() {
        return String.format(Locale.ROOT, "%.0f,%.0f,%.0f,%.0f,%b", x, y, width, height, maximized);
    }

    public static WindowBounds parse(String text) {
        String[] f = text.split(",");
        if (f.length != 5) {
            throw new IllegalArgumentException("not x,y,width,height,maximized: " + text);
        }
        return new WindowBounds(
                Double.parseDouble(f[0]),
                Double.parseDouble(f[1]),
                Double.parseDouble(f[2]),
                Double.parseDouble(f[3]),
                Boolean.parseBoolean(f[4]));
    }
}
