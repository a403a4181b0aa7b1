package org.diolab.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The command-line front: the same engine as the app, printed as text or JSON. */
@Command(name = "dio-lab",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "Linux direct-I/O internals: animated kernel scenarios and real O_DIRECT measurements.",
        subcommands = {LessonsCommand.class, PlayCommand.class, CheckCommand.class, ExploreCommand.class,
                TimelineCommand.class, BenchCommand.class, CalibrateCommand.class, KernelLabCommand.class})
public final class DioLabCli implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** Runs the CLI with the process's stdout/stderr and returns the exit code. */
    public static int run(String... args) {
        return run(new PrintWriter(System.out, true), new PrintWriter(System.err, true), args);
    }

    /** Runs the CLI against the given writers (tests capture them) and returns the exit code. */
    public static int run(PrintWriter out, PrintWriter err, String... args) {
        CommandLine cl = new CommandLine(new DioLabCli());
        cl.setOut(out);
        cl.setErr(err);
        cl.setExecutionExceptionHandler(new UserErrorHandler());
        int code = cl.execute(args);
        out.flush();
        err.flush();
        return code;
    }
}
