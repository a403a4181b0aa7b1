package org.diolab.live.kernel.trace;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** {@link TracefsMounter} by util-linux's tools, run with an argument list (no shell) and a time limit. */
final class ToolMounter implements TracefsMounter {
    private static final long LIMIT_SECONDS = 30;

    @Override
    public void mount(Path dir) throws IOException {
        run(List.of(tool("mount"), "-t", "tracefs", "-o", "nosuid,nodev,noexec", "nodev", dir.toString()));
    }

    @Override
    public void unmount(Path dir) throws IOException {
        run(List.of(tool("umount"), dir.toString()));
    }

    private static String tool(String name) throws IOException {
        for (String d : List.of("/usr/bin", "/bin", "/usr/sbin", "/sbin")) {
            Path p = Path.of(d, name);
            if (Files.isExecutable(p)) {
                return p.toString();
            }
        }
        throw new IOException(name + " is not installed (apt-get install util-linux)");
    }

    private static void run(List<String> cmd) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().put("LC_ALL", "C");
        pb.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        Process p = pb.start();
        try {
            byte[] out = p.getInputStream().readNBytes(4096);
            if (!p.waitFor(LIMIT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException(String.join(" ", cmd) + " did not finish in " + LIMIT_SECONDS + " s");
            }
            if (p.exitValue() != 0) {
                throw new IOException(String.join(" ", cmd) + " exited with " + p.exitValue() + ": "
                        + new String(out, StandardCharsets.UTF_8).strip());
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException(String.join(" ", cmd) + " interrupted", e);
        }
    }
}
