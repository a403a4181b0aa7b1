package org.diolab.live.kernel.scenario;

import java.io.IOException;

/**
 * One race run against the running kernel. It builds what it needs through its {@link ScenarioRun} (volumes are torn
 * down by the run's session even when the scenario throws), checks the cancel token between phases, and returns a
 * verdict computed from what it measured.
 */
interface LabScenario {
    ScenarioResult run(ScenarioRun run) throws IOException;
}
