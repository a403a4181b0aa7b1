package org.diolab.cli;

import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.concurrent.CancellationException;
import org.diolab.engine.TooLarge;
import org.diolab.live.job.LiveFailure;
import org.diolab.live.job.LiveRefusal;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

/**
 * Every way a command can end badly becomes one line on stderr and an exit code: refusals (a mistake in what was
 * asked) exit 2, failures 1, cancels 130. Anything unexpected is a bug: one line saying so, and the stack trace only
 * with {@code --debug} (or {@code DIO_LAB_DEBUG=1}).
 */
final class TopLevelErrors implements IExecutionExceptionHandler, IParameterExceptionHandler {
    /** The longest error line printed (characters); a longer one is cut at a word. */
    private static final int LONGEST = 2000;

    private final boolean debug;

    TopLevelErrors(boolean debug) {
        this.debug = debug;
    }

    @Override
    public int handleExecutionException(Exception ex, CommandLine cl, ParseResult parsed) {
        return handle(ex, cl.getErr());
    }

    /** Options that do not parse: one line, with where to look, instead of the whole usage text. */
    @Override
    public int handleParseException(ParameterException ex, String[] args) {
        CommandLine cl = ex.getCommandLine();
        String cmd = cl.getCommandSpec().qualifiedName();
        cl.getErr().println("dio-lab: " + oneLine(ex.getMessage()) + " (see '" + cmd + " --help')");
        cl.getErr().flush();
        return UserError.EXIT_CODE;
    }

    /** The exit code for {@code t}, after printing its one line. */
    int handle(Throwable t, PrintWriter err) {
        int code = switch (t) {
            case UserError e -> say(err, e.getMessage(), UserError.EXIT_CODE);
            case LiveRefusal e -> say(err, e.getMessage(), UserError.EXIT_CODE);
            case TooLarge e -> say(err, e.getMessage(), UserError.EXIT_CODE);
            case LiveFailure e -> say(err, e.getMessage(), 1);
            case CommandFailed e -> say(err, e.getMessage(), CommandFailed.EXIT_CODE);
            case CancellationException e -> say(err, "cancelled", CancelOnShutdown.EXIT_CANCELLED);
            case UncheckedIOException e -> say(err, e.getCause().getMessage(), 1);
            case OutOfMemoryError e ->
                say(
                        err,
                        "out of memory (" + e.getMessage() + "); give Java more with" + " -Xmx, or ask for less"
                                + debugHint(),
                        1);
            default ->
                say(
                        err,
                        "internal error: " + t.getClass().getSimpleName()
                                + (t.getMessage() == null ? "" : ": " + oneLine(t.getMessage()))
                                + " — this is a bug in DIO Lab" + debugHint(),
                        1);
        };
        if (debug) {
            t.printStackTrace(err);
        }
        err.flush();
        return code;
    }

    private String debugHint() {
        return debug ? "" : "; run again with --debug for the stack trace";
    }

    private static int say(PrintWriter err, String message, int code) {
        err.println("dio-lab: " + oneLine(message));
        return code;
    }

    /**
     * Messages from libraries can span lines; a user gets the first line, trimmed. A runaway one is cut at a word
     * before {@link #LONGEST} characters, so a list of what is supported (~60 fio options) still arrives whole.
     */
    static String oneLine(String s) {
        if (s == null) {
            return "";
        }
        String first = s.strip().lines().findFirst().orElse("");
        if (first.length() <= LONGEST) {
            return first;
        }
        int cut = first.lastIndexOf(' ', LONGEST);
        return first.substring(0, cut > 0 ? cut : LONGEST).stripTrailing() + " ...";
    }
}
