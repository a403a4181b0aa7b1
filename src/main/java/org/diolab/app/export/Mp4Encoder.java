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

    /**
     * An ffmpeg reading raw frames at {@code fps} ({@code width} × {@code height}, BGRA bytes, premultiplied and
     * opaque) on its standard input, writing {@code out}: frames go in as they are drawn, none kept in memory or on
     * disk.
     */
    public Stream open(Path out, int width, int height, int fps) throws IOException {
        return open(out, width, height, Integer.toString(fps), fps, 0);
    }

    /**
     * As {@link #open(Path, int, int, int)}, with frames coming in at {@code inputRate} a second (a fraction such as
     * {@code 1000/1600}: one still a step) and the video at {@code fps}, ffmpeg repeating each still: no need to pipe
     * the same picture dozens of times. {@code frames} > 0 ends the video after that many frames (ffmpeg gives the
     * last still one frame less than the others: send it once more and cut there).
     */
    public Stream open(Path out, int width, int height, String inputRate, int fps, long frames) throws IOException {
        List<String> cmd = new java.util.ArrayList<>(List.of(
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
                inputRate,
                "-i",
                "-",
                "-c:v",
                "libx264",
                "-preset",
                "veryfast",
                "-pix_fmt",
                "yuv420p",
                "-r",
                Integer.toString(fps),
                "-vf",
                "pad=ceil(iw/2)*2:ceil(ih/2)*2"));
        if (frames > 0) {
            cmd.addAll(List.of("-frames:v", Long.toString(frames)));
        }
        cmd.add(out.toString());
        Process p = new ProcessBuilder(cmd)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.PIPE)
                .start();
        return new Stream(p, out);
    }

    /** Raw frames into one ffmpeg. */
    public static final class Stream implements AutoCloseable {
        private final Process process;
        private final Path out;
        private final java.io.OutputStream in;
        private final java.util.concurrent.CompletableFuture<String> log;

        private Stream(Process process, Path out) {
            this.process = process;
            this.out = out;
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

        /** One frame of BGRA bytes, shown {@code times} frames long. */
        public void write(byte[] bgra, int times) throws IOException {
            for (int i = 0; i < times; i++) {
                in.write(bgra);
            }
        }

        /** Ends the input and waits for the file. */
        public void finish() throws IOException, InterruptedException {
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
