package org.diolab.lesson;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import org.diolab.engine.op.Policy;
import org.junit.jupiter.api.Test;

/** {@code kernel: {since?, before?, commit?, note?}}: which kernels a lesson, or one of its policies, shows. */
class KernelRangeTest extends Raid1LessonEdits {
    private LessonLibrary load(String text) throws IOException {
        Files.writeString(dir.resolve("lesson.yaml"), text);
        return LessonLoader.checkPaths(List.of(dir));
    }

    @Override
    List<Problem> problems(String text) throws IOException {
        return problemsOfTheOneBroken(load(text), "the edited lesson");
    }

    /** The raid1 lesson with {@code kernel} added at the top and {@code zeroCopy} under its zero-copy policy. */
    private String with(String kernel, String zeroCopy) {
        String text = good;
        if (kernel != null) {
            text = text.replace("\nseeds:\n", "\nkernel: " + kernel + "\nseeds:\n");
        }
        if (zeroCopy != null) {
            text = text.replace(
                    "  - id: zero-copy\n    role: broken\n",
                    "  - id: zero-copy\n    role: broken\n    kernel: " + zeroCopy + "\n");
        }
        return text;
    }

    @Test
    void aPolicysOwnRangeWinsOverTheLessonsAndOtherPoliciesShowTheLessons() throws IOException {
        LessonLibrary lib = load(with(
                "{since: \"6.15\"}",
                "{before: \"6.15\", commit: 968f19c5b1b7, note: \"checksummed direct writes were zero-copy\"}"));
        assertThat(lib.broken()).isEmpty();
        Lesson l = lib.lessons().getFirst();
        KernelRange zc = l.kernelShown(Policy.ZERO_COPY).orElseThrow();
        assertThat(zc.describe())
                .isEqualTo("Linux before 6.15 (968f19c5b1b7): checksummed direct writes were zero-copy");
        assertThat(l.kernelShown(Policy.BOUNCE).orElseThrow().label()).isEqualTo("Linux since 6.15");
    }

    @Test
    void aLessonThatSaysNothingShowsNoKernel() throws IOException {
        Lesson l = load(good).lessons().getFirst();
        assertThat(l.kernelShown(Policy.ZERO_COPY)).isEmpty();
    }

    @Test
    void bothEndsMakeARange() {
        assertThat(new KernelRange("6.12", "6.15", null, null).label()).isEqualTo("Linux since 6.12, before 6.15");
        assertThat(KernelRange.compare("6.9", "6.15")).isNegative();
        assertThat(KernelRange.compare("7.0", "6.19")).isPositive();
    }

    @Test
    void aReleaseThatIsNoReleaseIsRejected() throws IOException {
        Problem p = problems(with("{before: \"6.x\"}", null)).getFirst();
        assertThat(p.message()).isEqualTo("'before' must be a release like 6.15 or a commit id, found '6.x'");
    }

    @Test
    void anEndNoSourceGivesAReleaseForIsItsCommit() throws IOException {
        LessonLibrary lib = load(with(null, "{since: \"6.15\", before: 7c2830f00c3e, commit: 968f19c5b1b7}"));
        assertThat(lib.broken()).isEmpty();
        assertThat(lib.lessons()
                        .getFirst()
                        .kernelShown(Policy.ZERO_COPY)
                        .orElseThrow()
                        .label())
                .isEqualTo("Linux since 6.15, before 7c2830f00c3e (968f19c5b1b7)");
    }

    @Test
    void aRangeWithNoEndIsRejected() throws IOException {
        Problem p = problems(with(null, "{note: \"old\"}")).getFirst();
        assertThat(p.message()).isEqualTo("'kernel' needs 'since', 'before' or both");
    }

    @Test
    void anEmptyRangeIsRejected() throws IOException {
        Problem p = problems(with("{since: \"6.15\", before: \"6.14\"}", null)).getFirst();
        assertThat(p.message()).isEqualTo("'before' (6.14) must be a later release than 'since' (6.15)");
    }

    @Test
    void aCommitNobodyVerifiedIsRejectedAsEverywhereElse() throws IOException {
        Problem p =
                problems(with("{before: \"6.15\", commit: 0123456789ab}", null)).getFirst();
        assertThat(p.message()).isEqualTo("commit 0123456789ab is not in sources/commits.yaml");
    }

    @Test
    void anUnknownKeyIsRejected() throws IOException {
        Problem p = problems(with("{before: \"6.15\", until: \"6.16\"}", null)).getFirst();
        assertThat(p.message()).contains("until");
    }
}
