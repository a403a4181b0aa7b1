/**
 * The scratch directory, kept safe: held by descriptor, files created and removed only through the descriptor that
 * made them, every file recorded in the session's lock with its identity, and a sweep that removes only what ended
 * runs provably left. The kernel lab owns its images and mount points through the same session lock.
 */
package org.diolab.live.scratch;
