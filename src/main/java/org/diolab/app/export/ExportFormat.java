package org.diolab.app.export;

import java.util.Arrays;
import java.util.Locale;

/** What an export writes: every step as a numbered PNG, an animated GIF, or an MP4 video (through ffmpeg). */
public enum ExportFormat {
    PNG,
    GIF,
    MP4;

    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The format named {@code id}, or an exception that lists the valid ones. */
    public static ExportFormat parse(String id) {
        return Arrays.stream(values())
                .filter(f -> f.id().equalsIgnoreCase(id))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown format '" + id + "'; use png, gif or mp4"));
    }
}
