package org.diolab.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.diolab.cli.DioLabCli;

/** The CLI run in-process, as a user would type it, with what it printed. */
record Cli(int code, String out, String err) {
    static Cli run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = DioLabCli.run(new PrintWriter(out), new PrintWriter(err), args);
        return new Cli(code, out.toString(), err.toString());
    }

    /** A small sequential 64 KiB write benchmark of {@code size} in {@code dir}, without progress lines. */
    static Cli benchWrite(Path dir, String size) {
        return run("bench", "--dir", dir.toString(), "--rw", "write", "--bs", "64k", "--size", size, "--no-progress");
    }

    /** Refused as bad input: exit 2 and one line on stderr, no stack trace. */
    Cli refusedInOneLine() {
        assertThat(code).as(err).isEqualTo(2);
        assertThat(err.strip())
                .startsWith("dio-lab: ")
                .hasLineCount(1)
                .doesNotContain("Exception")
                .doesNotContain("\tat ");
        return this;
    }
}
