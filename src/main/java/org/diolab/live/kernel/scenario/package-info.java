/**
 * The races, one file each, listed once in {@link org.diolab.live.kernel.scenario.Scenario} (the registry), with the
 * helpers they share (I/O loop, scribbler, write probe, result builder) and what they find (result, outcome,
 * measures, references). A scenario uses no other scenario.
 */
package org.diolab.live.kernel.scenario;
