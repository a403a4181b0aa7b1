package org.diolab.cli;

import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.ParseResult;

/** Turns a {@link UserError} into one clear line on stderr and exit code 2; anything else is a bug and shows its trace. */
final class UserErrorHandler implements IExecutionExceptionHandler {
    @Override
    public int handleExecutionException(Exception ex, CommandLine cl, ParseResult parsed) throws Exception {
        if (ex instanceof UserError) {
            cl.getErr().println("dio-lab: " + ex.getMessage());
            return UserError.EXIT_CODE;
        }
        throw ex;
    }
}
