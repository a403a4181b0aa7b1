package org.diolab.app.stage.camera;

/** What the stage's camera shows. */
public enum CameraMode {
    /** Each step: the region its action happens in, at a readable zoom (the default; Fit returns to it). */
    FOLLOW,
    /** The whole scene, however small (O). */
    OVERVIEW,
    /** The user's own zoom and pan, held until Fit. */
    MANUAL
}
