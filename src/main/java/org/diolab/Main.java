package org.diolab;

import java.nio.file.Path;
import java.util.Optional;
import org.diolab.app.DioLabApp;
import org.diolab.cli.DioLabCli;

/**
 * Entry point of {@code dio-lab.jar}: no arguments opens the app, anything else is the CLI.
 *
 * <p>This class must not extend {@code javafx.application.Application}: on the class path the JDK's launcher
 * refuses such a main class with "JavaFX runtime components are missing". Run as {@code java -jar} beside the
 * packaged launcher, the app and the commands that start JavaFX ({@code export}, {@code present}) go through that
 * launcher, with this JVM's binary and options (see {@link Relaunch}).
 */
public final class Main {
    private Main() {}

    public static void main(String[] args) throws Exception {
        if (Relaunch.needsJavaFx(args)) {
            Optional<Path> launcher = Relaunch.launcher();
            if (launcher.isPresent()) {
                System.exit(Relaunch.run(launcher.get(), args));
            }
        }
        if (args.length == 0) {
            DioLabApp.launchApp(args);
        } else {
            System.exit(DioLabCli.run(args));
        }
    }
}
