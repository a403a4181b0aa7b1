package org.diolab.app.export;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Turns a numbered PNG sequence into an H.264 MP4 with ffmpeg, when ffmpeg is on the PATH. Without it the export
 * says so and what to do; nothing is bundled or downloaded.
 */
public final class Mp4Encoder {
    private final Path ffmpeg;

    public Mp4Encoder(Path ffmpeg) {
        this.ffmpeg = ffmpeg;
    }

    /** The ffmpeg on the PATH, if there is one. */
    public static Optional<Mp4Encoder> onPath() {
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        for (String dir : path.split(File.pathSeparator)) {
            Path f = Path.of(dir, "ffmpeg");
            if (Files.isExecutable(f)) {
                return Optional.of(new Mp4Encoder(f));
            }
        }
        return Optional.empty();
    }

    public static String missing() {
        return "MP4 needs ffmpeg on the PATH (e.g. apt-get install ffmpeg); export PNGs or a GIF instead";
    }

    /**
     * @param frames    directory holding {@code step-000.png ...}
     * @param perFrame  seconds each step stays on screen
     */
    public void encode(Path frames, Path out, double perFrame) throws IOException, InterruptedException {
        List<String> cmd = List.of(
                ffmpeg.toString(),
                "-y",
                "-loglevel",
                "error",
                "-framerate",
                String.format(java.util.Locale.ROOT, "%.4f", 1 / perFrame),
                "-i",
                frames.resolve("step-%03d.png").toString(),
                "-c:v",
                "libx264",
                "-pix_fmt",
                "yuv420p",
                "-r",
                "30",
                "-vf",
                "pad=ceil(iw/2)*2:ceil(ih/2)*2",
                out.toString());
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String log = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        int code = p.waitFor();
        if (code != 0 || !Files.isRegularFile(out)) {
            throw new IOException("ffmpeg failed (exit " + code + "): " + log.strip());
        }
    }
}
