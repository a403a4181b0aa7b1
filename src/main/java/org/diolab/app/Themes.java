package org.diolab.app;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import javafx.application.Application;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;

/** Light and dark AtlantaFX themes. Our CSS uses only the theme's colour variables, so both just work. */
public final class Themes {
    /** The theme is global to the application (a user-agent stylesheet), and so is this. FX thread. */
    private static final ReadOnlyBooleanWrapper DARK = new ReadOnlyBooleanWrapper(false);

    private Themes() {}

    public static void apply(boolean dark) {
        Application.setUserAgentStylesheet(
                dark ? new PrimerDark().getUserAgentStylesheet() : new PrimerLight().getUserAgentStylesheet());
        DARK.set(dark);
    }

    /** Whether the dark theme is on. */
    public static ReadOnlyBooleanProperty darkProperty() {
        return DARK.getReadOnlyProperty();
    }
}
