package org.diolab.app.stage.layout;

/** What an arrow on the stage means; each is drawn with its own line style, not only its own colour. */
public enum ArrowKind {
    /** A bvec pointing at the page the device will use (dashed). */
    BVEC,
    /** Data moving in this step's DMA (thick, solid, carries a packet when animated). */
    DMA;

    public String css() {
        return name().toLowerCase() + "-arrow";
    }
}
