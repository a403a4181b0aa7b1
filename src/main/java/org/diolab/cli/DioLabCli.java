package org.diolab.cli;

import java.io.PrintWriter;
import java.util.List;
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
    /** Environment variable that turns on {@code --debug} for every command. */
    static final String DEBUG_ENV = "DIO_LAB_DEBUG";

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @CommandLine.Option(names = "--debug", scope = CommandLine.ScopeType.INHERIT,
            description = "On an internal error, print the Java stack trace as well (also: DIO_LAB_DEBUG=1).")
    boolean debug;

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
        boolean debug = List.of(args).contains("--debug") || "1".equals(System.getenv(DEBUG_ENV));
        TopLevelErrors errors = new TopLevelErrors(debug);
        int code;
        try {
            CommandLine cl = new CommandLine(new DioLabCli());
            cl.setOut(out);
            cl.setErr(err);
            cl.setExecutionExceptionHandler(errors);
            cl.setParameterExceptionHandler(errors);
            code = cl.execute(args);
        } catch (RuntimeException | Error e) { // picocli lets Errors (out of memory, stack overflow) through
            code = errors.handle(e, err);
        }
        out.flush();
        err.flush();
        return code;
    }
}
