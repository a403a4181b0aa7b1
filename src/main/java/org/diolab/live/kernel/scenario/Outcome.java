package org.diolab.live.kernel.scenario;

/** What a scenario found on this kernel, in words a verdict can start with. */
public enum Outcome {
    /** The seed's problem shows on this kernel (e.g. S000's false EIO). */
    PRESENT,
    /** The problem is prevented, and the lab saw the mechanism doing it (e.g. the buffered fallback). */
    PREVENTED,
    /** Not seen in the tries made; the mechanism could not be told. */
    NOT_SEEN,
    /** A measurement, not a yes/no (what the fallback costs, who sets stable writes). */
    MEASURED,
    /** Controls disagreed with the race (e.g. EIO without the scribbler: a real disk fault), so no verdict. */
    INCONCLUSIVE,
    /** Could not run here; the result says why and what would make it run. */
    SKIPPED,
    /** Started and failed (a tool or an I/O call failed); everything it built was torn down. */
    FAILED;

    /** "present", "prevented", "not seen", ... */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ');
    }
}
