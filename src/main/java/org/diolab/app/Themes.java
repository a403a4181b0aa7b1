package org.diolab.app;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import javafx.application.Application;

/** Light and dark AtlantaFX themes. Our CSS uses only the theme's colour variables, so both just work. */
public final class Themes {
    private Themes() {
    }

    public static void apply(boolean dark) {
        Application.setUserAgentStylesheet(dark ? new PrimerDark().getUserAgentStylesheet()
                : new PrimerLight().getUserAgentStylesheet());
    }
}
