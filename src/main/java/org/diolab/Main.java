package org.diolab;

import org.diolab.app.DioLabApp;
import org.diolab.cli.DioLabCli;

/**
 * Entry point of {@code dio-lab.jar}: no arguments opens the app, anything else is the CLI.
 *
 * <p>This class must not extend {@code javafx.application.Application}: on the class path the JDK's launcher
 * refuses such a main class with "JavaFX runtime components are missing".
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        if (args.length == 0) {
            DioLabApp.launchApp(args);
        } else {
            System.exit(DioLabCli.run(args));
        }
    }
}
