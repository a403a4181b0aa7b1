package org.diolab.app.export;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Streams frames into an H.264 MP4 with ffmpeg, when ffmpeg is on the PATH. Without it the export
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
     * An ffmpeg reading raw frames ({@code width} × {@code height}, BGRA bytes, premultiplied and opaque) on its
     * standard input and writing {@code out}, where frame {@code i} stays on screen {@code ticks[i]} frames of
     * {@code fps}: the transitions' frames one tick each, a still as long as it is held. A held still is one encoded
     * frame with its own time, not the same picture piped, converted and encoded dozens of times (48 a step at 30 fps
     * were most of an export's cost). Frames go in as they are drawn, none kept in memory or on disk.
     */
    public Stream open(Path out, int width, int height, int fps, int[] ticks) throws IOException {
        if (ticks.length == 0) {
            throw new IllegalArgumentException("no frames");
        }
        List<String> cmd = List.of(
                ffmpeg.toString(),
                "-y",
                "-loglevel",
                "error",
                "-f",
                "rawvideo",
                "-pix_fmt",
                "bgra",
                "-s",
                width + "x" + height,
                "-r",
                Integer.toString(fps),
                "-i",
                "-",
                "-c:v",
                "libx264",
                "-preset",
                "veryfast",
                "-pix_fmt",
                "yuv420p",
                "-vf",
                "setpts='" + VideoTimes.pts(ticks) + "/(" + fps + "*TB)',pad=ceil(iw/2)*2:ceil(ih/2)*2",
                "-fps_mode",
                "vfr",
                out.toString());
        Process p = new ProcessBuilder(cmd)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.PIPE)
                .start();
        return new Stream(p, out, ticks[ticks.length - 1]);
    }

    /** Raw frames into one ffmpeg. */
    public static final class Stream implements AutoCloseable {
        private final Process process;
        private final Path out;
        private final java.io.OutputStream in;
        private final java.util.concurrent.CompletableFuture<String> log;
        private byte[] last;

        /** How long the last frame stays: it goes in twice, the copy one tick before the video's end. */
        private final int lastTicks;

        private Stream(Process process, Path out, int lastTicks) {
            this.process = process;
            this.out = out;
            this.lastTicks = lastTicks;
            this.in = new java.io.BufferedOutputStream(process.getOutputStream(), 1 << 20);
            // ffmpeg's messages are read as they come, so a chatty ffmpeg never blocks on a full pipe
            this.log = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
                try {
                    return new String(process.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
                } catch (IOException e) {
                    return e.getMessage();
                }
            });
        }

        /** The next frame, as BGRA bytes; it stays on screen as long as its ticks say. */
        public void write(byte[] bgra) throws IOException {
            in.write(bgra);
            last = bgra;
        }

        /** Ends the input and waits for the file. */
        public void finish() throws IOException, InterruptedException {
            if (last != null && lastTicks > 1) {
                // a video ends with its last frame's start plus one tick: a copy at the end holds it its time
                in.write(last);
            }
            in.close();
            int code = process.waitFor();
            if (code != 0 || !Files.isRegularFile(out)) {
                throw new IOException(
                        "ffmpeg failed (exit " + code + "): " + log.join().strip());
            }
        }

        /** Stops ffmpeg if {@link #finish} did not run (an error, a cancel). */
        @Override
        public void close() {
            if (process.isAlive()) {
                process.destroyForcibly();
            }
        }
    }
}
