package org.diolab.reliability;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The classes of broken lessons a fuzzer produced against the loader (issue 12), as generated cases: each writes a
 * broken {@code broken.yaml} (and, for source cases, a broken source it cites) into a lesson folder that also holds
 * a good lesson. Deterministic: the few "random" choices come from a fixed seed.
 *
 * @param name     what the case is, for the test's display name
 * @param expect   a text the first problem's message must contain, or null
 * @param line     the line the first problem must point at, or 0 for any
 */
record BrokenLessonCases(String name, Writer writer, String expect, int line) {
    /** Writes the broken case into {@code dir}, given the good lesson's text. */
    interface Writer {
        void write(Path dir, String good) throws IOException;
    }

    static final String SOURCE = "003_cf655875e5a3f591.txt";

    static List<BrokenLessonCases> all(String good) {
        List<BrokenLessonCases> out = new ArrayList<>();
        truncations(good, out);
        encodings(good, out);
        syntax(good, out);
        aliases(good, out);
        bounds(good, out);
        fileKinds(out);
        sources(good, out);
        return out;
    }

    private static BrokenLessonCases text(String name, String text, String expect, int line) {
        return new BrokenLessonCases(name, (d, g) -> Files.writeString(d.resolve("broken.yaml"), text), expect, line);
    }

    private static BrokenLessonCases bytes(String name, byte[] bytes, String expect, int line) {
        return new BrokenLessonCases(name, (d, g) -> Files.write(d.resolve("broken.yaml"), bytes), expect, line);
    }

    static int lineOf(String text, String needle) {
        int at = text.indexOf(needle);
        if (at < 0) {
            throw new IllegalArgumentException("fixture lacks " + needle);
        }
        return (int) text.substring(0, at).chars().filter(c -> c == '\n').count() + 1;
    }

    /** Cut at byte offsets spread over the file, never right after a line break (then the cut is invisible). */
    private static void truncations(String good, List<BrokenLessonCases> out) {
        Random r = new Random(12);
        int narration = good.indexOf("narration:");
        for (int i = 0; i < 16; i++) {
            int at = i < 8
                    ? narration + 40 + r.nextInt(good.indexOf("quiz:") - narration - 40)
                    : 20 + r.nextInt(good.length() - 40);
            while (good.charAt(at - 1) == '\n' || good.charAt(at - 1) == ' ') {
                at++;
            }
            out.add(text(
                    "truncated at byte " + at + (i < 8 ? " (mid-narration)" : ""), good.substring(0, at), null, 0));
        }
    }

    private static void encodings(String good, List<BrokenLessonCases> out) {
        for (String needle : new String[] {"title:", "  - id: app2", "narration:", "quiz:"}) {
            int at = good.indexOf(needle) + needle.length() - 1;
            byte[] b = good.getBytes(StandardCharsets.UTF_8);
            byte[] bad = new byte[b.length + 1];
            int byteAt = good.substring(0, at).getBytes(StandardCharsets.UTF_8).length;
            System.arraycopy(b, 0, bad, 0, byteAt);
            bad[byteAt] = (byte) 0xE9; // Latin-1 'é'
            System.arraycopy(b, byteAt, bad, byteAt + 1, b.length - byteAt);
            out.add(bytes("Latin-1 byte in '" + needle.strip() + "'", bad, "not UTF-8", lineOf(good, needle)));
        }
        byte[] garbage = new byte[4096];
        new Random(7).nextBytes(garbage);
        out.add(bytes("random binary", garbage, null, 0));
        out.add(text(
                "zero-width space in an id",
                good.replace("  - id: app2\n", "  - id: app\u200B2\n"),
                "invisible",
                lineOf(good, "  - id: app2\n")));
        out.add(text(
                "right-to-left override in a quote",
                good.replace("narration:", "narration: \u202E"),
                "invisible",
                lineOf(good, "narration:")));
        out.add(text(
                "byte-order mark inside the file",
                good.replace("quiz:", "\uFEFFquiz:"),
                "invisible",
                lineOf(good, "quiz:")));
        out.add(text(
                "no-break space in an id",
                good.replace("  - id: app2\n", "  - id: \"app\u00A02\"\n"),
                "id 'app",
                lineOf(good, "  - id: app2\n")));
        out.add(text(
                "trailing space in an id",
                good.replace("  - id: app2\n", "  - id: \"app2 \"\n"),
                "id 'app2 '",
                lineOf(good, "  - id: app2\n")));
        out.add(text(
                "control character", good.replace("title:", "title: \u0007"), "invisible", lineOf(good, "title:")));
    }

    private static void syntax(String good, List<BrokenLessonCases> out) {
        for (String needle : new String[] {"  - id: app2", "narration:\n  intro", "quiz:\n"}) {
            int line = lineOf(good, needle) + (needle.endsWith("\n") || needle.contains("\n") ? 1 : 0);
            String lineText = good.lines().skip(line - 1).findFirst().orElseThrow();
            String indented = lineText.startsWith("  ") ? "\t" + lineText.substring(2) : "\t" + lineText;
            String text = String.join("\n", good.lines().toList().subList(0, line - 1)) + "\n" + indented + "\n"
                    + String.join("\n", good.lines().skip(line).toList()) + "\n";
            out.add(text("tab indentation at line " + line, text, "tab", line));
        }
        int end = (int) good.lines().count() + 1;
        for (int depth : new int[] {70, 1000, 100_000}) {
            out.add(text(
                    "nesting " + depth + " deep",
                    good + "deep: " + "[".repeat(depth) + "]".repeat(depth) + "\n",
                    "nests deeper",
                    end));
        }
        out.add(text("duplicated key", good.replace("title:", "title: x\ntitle:"), "appears twice", 0));
        out.add(text("two documents", good + "---\nid: second\n", "more than one YAML document", 0));
        out.add(text("unterminated quote", good.replace("bytes: \"BBBB\"}", "bytes: \"BBBB}"), null, 0));
        out.add(text("unclosed flow list", good.replace("legs: [leg0, leg1]", "legs: [leg0, leg1"), null, 0));
        out.add(text("empty file", "", "empty", 1));
        out.add(text("only a comment", "# nothing here\n", "empty", 1));
        out.add(text("a list instead of a lesson", "- a\n- b\n", "mapping", 1));
        out.add(text("missing id", good.replaceFirst("(?m)^id: .*\n", ""), "'id'", 0));
        out.add(text(
                "setup is a text",
                good.replaceFirst("(?s)setup:\n.*?\nactors:", "setup: nothing\nactors:"),
                "setup",
                0));
    }

    private static void aliases(String good, List<BrokenLessonCases> out) {
        out.add(text(
                "alias as a value",
                good.replaceFirst("(?m)^title: .*$", "title: *myid"),
                "aliases",
                lineOf(good, "title:")));
        out.add(text(
                "undefined alias",
                good.replaceFirst("(?m)^topic: .*$", "topic: *nowhere"),
                "aliases",
                lineOf(good, "topic:")));
        out.add(text(
                "anchor and alias on a mapping",
                good.replace("quiz:", "extra: &shared\n  a: 1\nmore: *shared\nquiz:"),
                "anchor",
                0));
        out.add(text("alias as a key", good.replace("quiz:", "*k : 1\nquiz:"), "alias", 0));
    }

    private static void bounds(String good, List<BrokenLessonCases> out) {
        int store = lineOf(good, "bytes: \"BBBB\"");
        out.add(text(
                "store of more bytes than the page",
                good.replace("bytes: \"BBBB\"", "bytes: \"BBBBB\""),
                "holds 4",
                store));
        out.add(text("store of nothing", good.replace("bytes: \"BBBB\"", "bytes: \"\""), "empty", store));
        out.add(text(
                "store of 200 KiB",
                good.replace("bytes: \"BBBB\"", "bytes: \"" + "B".repeat(200_000) + "\""),
                "holds 4",
                store));
        for (String v : new String[] {"NaN", "Infinity", "-Infinity", "1e999", "0x10", "5d"}) {
            out.add(text(
                    "number " + v,
                    good.replace("value: 2.4,", "value: " + v + ","),
                    "finite",
                    lineOf(good, "value: 2.4,")));
        }
        String job = "args: [--rw, write, --bs, 1m, --size, 1g, --mode, direct, --runtime, 3s]";
        int jobLine = lineOf(good, job);
        String[][] args = {
            {"--bs, 3k, --frobnicate", "cannot run"},
            {"--size, 1t, --numjobs, \"64\"", "of disk"},
            {"--bs, \"99999999999999999999\"", "out of range"},
            {"--runtime, \"99999999999999999999\"", "out of range"},
            {"--numjobs, \"99999999999\"", "out of range"},
            {"--runtime, 9999999999999999h", "out of range"},
            {"--numjobs, \"64\", --bs, 256m, --size, 256m, --mode, bounce", "of memory"},
            {"--rw, write, --runtime, 1h", "runs for"}
        };
        for (String[] a : args) {
            out.add(text("live job " + a[0], good.replace(job, "args: [" + a[0] + "]"), a[1], jobLine));
        }
    }

    private static void fileKinds(List<BrokenLessonCases> out) {
        out.add(new BrokenLessonCases(
                "a FIFO named broken.yaml", (d, g) -> mkfifo(d.resolve("broken.yaml")), "FIFO", 1));
        out.add(new BrokenLessonCases(
                "a link to /dev/zero named broken.yaml",
                (d, g) -> Files.createSymbolicLink(d.resolve("broken.yaml"), Path.of("/dev/zero")),
                "character device",
                1));
        out.add(new BrokenLessonCases(
                "a directory named broken.yaml",
                (d, g) -> Files.createDirectory(d.resolve("broken.yaml")),
                "directory",
                1));
        out.add(new BrokenLessonCases(
                "a 3 MiB lesson",
                (d, g) ->
                        Files.writeString(d.resolve("broken.yaml"), g + ("# " + "x".repeat(98) + "\n").repeat(30_000)),
                "limited to",
                1));
        out.add(new BrokenLessonCases(
                "a link to nothing named broken.yaml",
                (d, g) -> Files.createSymbolicLink(d.resolve("broken.yaml"), d.resolve("gone")),
                "no such file",
                1));
    }

    /** The broken lesson cites zz-broken.txt, which is broken; the good lesson keeps citing the intact thread. */
    private static void sources(String good, List<BrokenLessonCases> out) {
        String citing = good.replace(SOURCE, "zz-broken.txt");
        int seedLine = lineOf(good, SOURCE);
        Writer lesson = (d, g) -> Files.writeString(d.resolve("broken.yaml"), citing);
        out.add(new BrokenLessonCases(
                "source is a FIFO",
                (d, g) -> {
                    lesson.write(d, g);
                    mkfifo(d.resolve("sources/zz-broken.txt"));
                },
                "FIFO",
                seedLine));
        out.add(new BrokenLessonCases(
                "source links to /dev/zero",
                (d, g) -> {
                    lesson.write(d, g);
                    Files.createSymbolicLink(d.resolve("sources/zz-broken.txt"), Path.of("/dev/zero"));
                },
                "character device",
                seedLine));
        out.add(new BrokenLessonCases(
                "source of 3 MiB",
                (d, g) -> {
                    lesson.write(d, g);
                    Files.writeString(d.resolve("sources/zz-broken.txt"), "x".repeat(3 << 20));
                },
                "limited to",
                seedLine));
        out.add(new BrokenLessonCases(
                "source not UTF-8",
                (d, g) -> {
                    lesson.write(d, g);
                    Files.write(d.resolve("sources/zz-broken.txt"), new byte[] {'o', 'k', '\n', (byte) 0xff, '\n'});
                },
                "not UTF-8",
                seedLine));
    }

    static void mkfifo(Path p) throws IOException {
        try {
            Process proc =
                    new ProcessBuilder("mkfifo", p.toString()).inheritIO().start();
            if (proc.waitFor() != 0) {
                throw new IOException("mkfifo failed");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
    }

    @Override
    public String toString() {
        return name;
    }
}
