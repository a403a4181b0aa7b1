package org.diolab.app.stage.cards;

import javafx.scene.control.Label;
import javafx.scene.layout.Region;

/** The caption over a crowd's cells ("1,024 user pages · P0 … P1023"); the layout measures one to leave it room. */
public final class CrowdCaption extends Label {
    static final String STYLESHEET = CrowdCaption.class.getResource("crowd.css").toExternalForm();

    public CrowdCaption(String text) {
        super(text);
        getStyleClass().add("crowd-caption");
        setMinWidth(Region.USE_PREF_SIZE);
    }

    @Override
    public String getUserAgentStylesheet() {
        return STYLESHEET;
    }
}
