package org.diolab.cli;

import java.io.PrintWriter;

/**
 * Command-line entry point that never loads JavaFX, for scripts and machines without a display:
 * {@code java --enable-native-access=ALL-UNNAMED -cp dio-lab.jar org.diolab.cli.CliMain bench ...}
 * (the flag lets the live engine call libc without warnings; {@code java -jar} reads it from the manifest).
 */
public final class CliMain {
    private CliMain() {}

    public static void main(String[] args) {
        // The light commands never load picocli (see LightCommands), not even through DioLabCli's class.
        System.exit(
                LightCommands.handles(args)
                        ? LightCommands.run(new PrintWriter(System.out, true), new PrintWriter(System.err, true), args)
                        : DioLabCli.run(args));
    }
}
