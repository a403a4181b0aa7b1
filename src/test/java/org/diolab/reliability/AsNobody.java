package org.diolab.reliability;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.diolab.live.kernel.KernelLab;
import org.diolab.live.kernel.KernelLabRequest;
import org.diolab.live.kernel.scenario.Scenario;
import org.diolab.live.scratch.ScratchPlace;
import org.diolab.sys.Refusal;

/**
 * A user who is not root, for the root cases that need one (root can search every directory and build its own
 * btrfs): a child JVM run as nobody through setpriv, on the project's own classes only, that asks one question and
 * prints the answer: {@code place DIR} (may scratch files go there?) or {@code lab MOUNT} (false-csum-read on that
 * btrfs without the flag). It prints "refused REASON: message" or "accepted: ...".
 */
public final class AsNobody {
    private AsNobody() {}

    public static void main(String[] args) {
        try {
            if (args[0].equals("place")) {
                System.out.println(
                        "accepted: " + ScratchPlace.resolve(Path.of(args[1]), ScratchPlace.Use.SCRATCH_FILES));
            } else {
                Path m = Path.of(args[1]);
                KernelLabRequest req = new KernelLabRequest(
                        List.of(Scenario.FALSE_CSUM_READ),
                        m,
                        Optional.of(m),
                        KernelLabRequest.DEFAULT_SIZE,
                        KernelLabRequest.DEFAULT_RUNTIME);
                System.out.println("accepted: " + KernelLab.beforehand(req));
            }
        } catch (Refusal r) {
            System.out.println("refused " + r.reason() + ": " + r.getMessage());
        }
    }

    /** Whether this machine can run a child as nobody (root with setpriv). */
    static Optional<String> unavailable() {
        if (!Root.isRoot()) {
            return Optional.of("running a child as another user needs root");
        }
        return Files.isExecutable(Path.of("/usr/bin/setpriv"))
                ? Optional.empty()
                : Optional.of("no /usr/bin/setpriv (util-linux) to run a child as nobody");
    }

    /** Asks as nobody; the line it printed. */
    static String ask(String... question) throws IOException, InterruptedException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        String cp = Path.of("target/classes").toAbsolutePath() + ":"
                + Path.of("target/test-classes").toAbsolutePath();
        List<String> cmd = new ArrayList<>(List.of(
                "/usr/bin/setpriv",
                "--reuid=65534",
                "--regid=65534",
                "--clear-groups",
                "--",
                java.toString(),
                "--enable-native-access=ALL-UNNAMED",
                "-cp",
                cp,
                AsNobody.class.getName()));
        cmd.addAll(List.of(question));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(1, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new IOException("the child as nobody did not finish");
        }
        return out.strip();
    }
}
