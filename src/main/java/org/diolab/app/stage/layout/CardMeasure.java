package org.diolab.app.stage.layout;

import javafx.geometry.Dimension2D;
import org.diolab.app.stage.cast.CastActor;
import org.diolab.app.stage.cast.CastMember;

/**
 * Sizes the layout needs, measured once per cast: by the skins in the app, by fixed numbers in layout tests.
 */
public interface CardMeasure {
    /** The fixed size of a member's card: big enough for every value it takes in the runs cast. */
    Dimension2D card(CastMember m);

    /** The narrowest a lane can be without truncating its name, title or status. */
    double laneMinWidth(CastActor a);

    /** The height of an actor's lane at {@code width}, for the widest status and every step as a chip. */
    double laneHeight(CastActor a, double width);

    /** Height of a section heading ("User memory"). */
    double headingHeight();

    /** The size of a crowd's caption ("1,024 user pages · P0 … P1023"). */
    Dimension2D caption(String text);
}
