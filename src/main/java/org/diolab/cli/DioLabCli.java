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
                BenchCommand.class, CalibrateCommand.class, KernelLabCommand.class})
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
        CommandLine cl = commandLineFor(args);
        cl.setOut(out);
        cl.setErr(err);
        cl.setExecutionExceptionHandler(new UserErrorHandler());
        boolean whole = cl.getCommandSpec().userObject() instanceof DioLabCli;
        int code = cl.execute(whole ? args : java.util.Arrays.copyOfRange(args, 1, args.length));
        out.flush();
        err.flush();
        return code;
    }

    /**
     * The command line for {@code args}: when they start with a subcommand's name, only that subcommand's model is
     * built (as {@code dio-lab NAME}); picocli builds every subcommand's model from annotations otherwise, which
     * costs a bench run a few hundred milliseconds of start-up for commands it does not run.
     */
    static CommandLine commandLineFor(String... args) {
        if (args.length > 0) {
            for (Class<?> sub : DioLabCli.class.getAnnotation(Command.class).subcommands()) {
                Command c = sub.getAnnotation(Command.class);
                if (c != null && c.name().equals(args[0])) {
                    try {
                        CommandLine cl = new CommandLine(sub.getDeclaredConstructor().newInstance());
                        cl.setCommandName("dio-lab " + c.name());
                        return cl;
                    } catch (ReflectiveOperationException e) {
                        break; // fall back to the whole model
                    }
                }
            }
        }
        return new CommandLine(new DioLabCli());
    }
}
