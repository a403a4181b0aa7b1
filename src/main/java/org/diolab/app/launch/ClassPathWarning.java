package org.diolab.app.launch;

import java.util.logging.Filter;
import java.util.logging.Logger;
import javafx.application.Platform;

/**
 * Keeps JavaFX's "Unsupported JavaFX configuration: classes were loaded from 'unnamed module …'" (two lines, with a
 * date) off a command's stderr. {@code java -jar dio-lab.jar} with no launcher beside it runs JavaFX from the class
 * path, and JavaFX says so at every toolkit start; {@code export} and {@code present} promise one line on stderr, an
 * error or nothing. Only that one record is dropped: JavaFX's other warnings (a broken stylesheet, a missing font) still
 * reach stderr. With JavaFX on the module path (the launchers) JavaFX logs nothing, and this changes nothing.
 */
public final class ClassPathWarning {
    /** The logger JavaFX's start-up warns on ({@code com.sun.javafx.util.Logging.getJavaFXLogger()}). */
    static final String LOGGER = "javafx";

    /** Held: the logging framework keeps loggers weakly, and a collected one would forget its filter. */
    private static final Logger JAVAFX = Logger.getLogger(LOGGER);

    private ClassPathWarning() {}

    /** Before the toolkit starts: drops the class-path warning when JavaFX runs from the class path. */
    public static synchronized void hide() {
        if (Platform.class.getModule().isNamed() || JAVAFX.getFilter() instanceof DropWarning) {
            return;
        }
        JAVAFX.setFilter(new DropWarning(JAVAFX.getFilter()));
    }

    /** Lets every record through but the class-path warning, and asks the filter it replaced about the rest. */
    private record DropWarning(Filter before) implements Filter {
        @Override
        public boolean isLoggable(java.util.logging.LogRecord r) {
            String m = r.getMessage();
            if (m != null && m.startsWith("Unsupported JavaFX configuration")) {
                return false;
            }
            return before == null || before.isLoggable(r);
        }
    }
}
