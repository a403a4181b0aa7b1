package org.diolab;

import java.io.PrintWriter;
import java.io.Writer;
import org.diolab.app.DioLabApp;
import org.diolab.cli.DioLabCli;

/**
 * The training run behind the AOT cache that {@code mvn package} makes ({@code DIO_LAB_AOT=train} in the launcher):
 * the CLI's everyday commands, then the app until its first lesson is on show. The JVM records the classes this
 * loads and links and the methods it profiles, so later starts find them ready-made. Run headless at package time.
 */
public final class AotTraining {
    private AotTraining() {}

    public static void main(String[] args) {
        PrintWriter none = new PrintWriter(Writer.nullWriter());
        DioLabCli.run(none, none, "lessons");
        DioLabCli.run(none, none, "play", "raid1-mirrors-diverge");
        System.setProperty(DioLabApp.QUIT_WHEN_SHOWN, "true");
        System.setProperty("dio-lab.preferences", "memory");
        DioLabApp.launchApp();
    }
}
