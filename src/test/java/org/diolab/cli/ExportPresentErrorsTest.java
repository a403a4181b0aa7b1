package org.diolab.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Tried as a new user: {@code export} into a place it cannot write is refused at once, in one line, before anything
 * is drawn, and leaves nothing behind; an export that fails half-way removes the frames it wrote and says so; a
 * {@code $DISPLAY} with no X server behind it is the user's setup, not "a bug in DIO Lab".
 */
class ExportPresentErrorsTest {
    @TempDir
    Path dir;

    @Test
    void anOutFolderInsideAFileIsRefusedAtOnceAndNothingIsMade() throws IOException {
        Path file = Files.writeString(dir.resolve("notes.txt"), "mine\n");
        CliRun r = CliRun.of(
                "export", "pin-is-not-a-lock", "--out", file.resolve("frames").toString());
        assertThat(r.code()).as(r.err()).isEqualTo(2);
        assertThat(r.err())
                .startsWith("dio-lab: cannot write into --out " + file.resolve("frames"))
                .contains("give a folder you can write to")
                .hasLineCount(1)
                .doesNotContain("bug")
                .doesNotContain("\tat ");
        assertThat(Files.readString(file)).isEqualTo("mine\n");
        try (Stream<Path> s = Files.list(dir)) {
            assertThat(s.map(p -> p.getFileName().toString())).containsExactly("notes.txt");
        }
    }

    @Test
    void aFailedExportRemovesWhatItWroteAndKeepsWhatWasThere() throws IOException {
        Path out = dir.resolve("a/b");
        ExportTarget t = ExportTarget.prepare(out, "raid1-mirrors-diverge-zero-copy");
        assertThat(out).isDirectory();
        // what an export writes before the disk fills up: a frame folder with two frames
        Path frames = Files.createDirectories(out.resolve("raid1-mirrors-diverge-zero-copy"));
        Files.writeString(frames.resolve("step-000.png"), "png");
        Files.writeString(frames.resolve("step-001.png"), "pn");
        assertThat(t.undo()).isEqualTo(2);
        assertThat(dir.resolve("a")).doesNotExist();
        try (Stream<Path> s = Files.list(dir)) {
            assertThat(s).isEmpty();
        }
    }

    @Test
    void undoTouchesNeitherEarlierFramesNorOtherFiles() throws IOException {
        Path frames = Files.createDirectories(dir.resolve("pin-is-not-a-lock-bounce"));
        Files.writeString(frames.resolve("step-000.png"), "earlier");
        Files.writeString(dir.resolve("talk.txt"), "mine");
        ExportTarget t = ExportTarget.prepare(dir, "pin-is-not-a-lock-bounce");
        Files.writeString(frames.resolve("step-001.png"), "new");
        Files.writeString(dir.resolve("pin-is-not-a-lock-bounce.gif"), "new");
        Files.writeString(dir.resolve("someone-elses.txt"), "theirs");
        assertThat(t.undo()).isEqualTo(2);
        assertThat(frames.resolve("step-000.png")).hasContent("earlier");
        assertThat(frames.resolve("step-001.png")).doesNotExist();
        assertThat(dir.resolve("pin-is-not-a-lock-bounce.gif")).doesNotExist();
        assertThat(dir.resolve("talk.txt")).hasContent("mine");
        assertThat(dir.resolve("someone-elses.txt")).hasContent("theirs");
    }

    @Test
    void aFailureIsOneLineAndExitOne() {
        StringWriter err = new StringWriter();
        int code = new TopLevelErrors(false)
                .handle(
                        new CommandFailed(
                                "export failed: cannot write the frames into out (No space left on device)",
                                new IOException("No space left on device")),
                        new PrintWriter(err));
        assertThat(code).isEqualTo(1);
        assertThat(err.toString())
                .isEqualTo("dio-lab: export failed: cannot write the frames into out (No space left on device)"
                        + System.lineSeparator());
    }

    @Test
    void aDisplayThatDoesNotAnswerIsTheUsersSetupNotABug() {
        assertThatThrownBy(() -> PresentCommand.onDisplay(() -> {
                    throw new UnsupportedOperationException("Unable to open DISPLAY");
                }))
                .isInstanceOf(UserError.class)
                .hasMessageContaining("cannot open the display")
                .hasMessageContaining("dio-lab export");
        assertThatThrownBy(() -> PresentCommand.onDisplay(() -> {
                    throw new UnsupportedOperationException("something else");
                }))
                .isNotInstanceOf(UserError.class);
    }
}
