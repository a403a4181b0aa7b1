package org.diolab.cli;

/**
 * Command-line entry point that never loads JavaFX: {@code java -cp dio-lab.jar org.diolab.cli.CliMain bench ...}.
 * Scripts and servers without a display use it; {@code org.diolab.Main} opens the app when given no arguments.
 */
public final class CliMain {
    private CliMain() {
    }

    public static void main(String[] args) {
        System.exit(DioLabCli.run(args));
    }
}
