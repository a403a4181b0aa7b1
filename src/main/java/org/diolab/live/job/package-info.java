/**
 * What a live job is: {@link org.diolab.live.job.JobSpec}, the one table of job options
 * ({@link org.diolab.live.job.JobOptions}) that bench's command line, fio job files and lessons' live jobs read, fio's
 * units, modes and memory kinds; and what a caller hears while it runs: refusal before anything ran, failure,
 * cancellation, progress.
 */
package org.diolab.live.job;
