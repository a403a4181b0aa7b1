package org.diolab.live.kernel;

import java.io.IOException;

/**
 * One race run against the running kernel. It builds what it needs through the {@link LabSession} (volumes are torn
 * down by the session even when the scenario throws), checks the session's cancel token between phases, and returns
 * a verdict computed from what it measured.
 */
interface LabScenario {
    ScenarioResult run(LabSession session) throws IOException;
}
