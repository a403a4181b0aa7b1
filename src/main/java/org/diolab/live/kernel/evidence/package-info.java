/**
 * What the kernel says: its log, btrfs's error counters and scrub, page-cache residency, pins, each leg's blocks,
 * stable_writes.
 */
package org.diolab.live.kernel.evidence;
