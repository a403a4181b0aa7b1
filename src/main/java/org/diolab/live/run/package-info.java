/**
 * Running a job for real: {@link org.diolab.live.run.LiveEngine} (the front door), the runner, workers and their
 * helper threads (mirror legs, async checksums, mutators), buffers, native file targets, checksummers and the
 * after-run verifier.
 */
package org.diolab.live.run;
