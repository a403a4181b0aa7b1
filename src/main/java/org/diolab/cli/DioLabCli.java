package org.diolab.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Set;
import org.diolab.live.run.LiveEngine;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The command-line front: the same engine as the app, printed as text or JSON. */
@Command(
        name = "dio-lab",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = "Linux direct-I/O internals: animated kernel scenarios and real O_DIRECT measurements.",
        subcommands = {
            LessonsCommand.class,
            PlayCommand.class,
            CheckCommand.class,
            ExploreCommand.class,
            TimelineCommand.class,
            GlossaryCommand.class,
            BenchCommand.class,
            CalibrateCommand.class,
            KernelLabCommand.class,
            ExportCommand.class,
            PresentCommand.class
        })
public final class DioLabCli implements Runnable {
    /** Environment variable that turns on {@code --debug} for every command. */
    static final String DEBUG_ENV = "DIO_LAB_DEBUG";

    /** The subcommands that call libc through the live engine. */
    private static final Set<String> LIVE_COMMANDS = Set.of("bench", "calibrate", "kernel-lab");

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @CommandLine.Option(
            names = "--debug",
            scope = CommandLine.ScopeType.INHERIT,
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
        if (args.length > 0 && LIVE_COMMANDS.contains(args[0])) {
            // Binding the libc calls (FFM) takes a few hundred ms of CPU; on a second core it overlaps with picocli
            // reading the command's annotations, which takes as long. The command itself warms up again, harmlessly.
            LiveEngine.warmUp();
        }
        if (LightCommands.handles(args)) {
            return LightCommands.run(out, err, args);
        }
        boolean debug = List.of(args).contains("--debug") || "1".equals(System.getenv(DEBUG_ENV));
        TopLevelErrors errors = new TopLevelErrors(debug);
        int code;
        try {
            CommandLine cl = commandLineFor(args);
            cl.setOut(out);
            cl.setErr(err);
            cl.setExecutionExceptionHandler(errors);
            cl.setParameterExceptionHandler(errors);
            boolean whole = cl.getCommandSpec().userObject() instanceof DioLabCli;
            // A subcommand built alone lacks the root's inherited --debug, read above already.
            code = cl.execute(
                    whole
                            ? args
                            : java.util.Arrays.stream(args, 1, args.length)
                                    .filter(a -> !a.equals("--debug"))
                                    .toArray(String[]::new));
        } catch (RuntimeException | Error e) { // picocli lets Errors (out of memory, stack overflow) through
            code = errors.handle(e, err);
        }
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
                        CommandLine cl =
                                new CommandLine(sub.getDeclaredConstructor().newInstance());
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
