package org.diolab.app.export;

import java.nio.file.Path;

/** What ffprobe says of an encoded video, for the export tests. */
final class VideoProbe {
    private VideoProbe() {}

    /** The video's length in seconds, as its container says. */
    static double seconds(Path video) throws Exception {
        return Double.parseDouble(entry(video, "format=duration"));
    }

    /** How many frames the video stream holds, counted by decoding it. */
    static long frames(Path video) throws Exception {
        return Long.parseLong(entry(video, "stream=nb_read_frames"));
    }

    /** One {@code -show_entries} value of the first video stream, as ffprobe prints it. */
    private static String entry(Path video, String entry) throws Exception {
        Process p = new ProcessBuilder(
                        "ffprobe",
                        "-v",
                        "error",
                        "-count_frames",
                        "-select_streams",
                        "v:0",
                        "-show_entries",
                        entry,
                        "-of",
                        "csv=p=0",
                        video.toString())
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes()).strip();
        p.waitFor();
        return out;
    }
}
