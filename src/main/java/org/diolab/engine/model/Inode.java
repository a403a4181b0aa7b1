package org.diolab.engine.model;

/**
 * The file the scenario does I/O to.
 *
 * @param nodatasum btrfs's NODATASUM flag ({@code chattr +C}): no data checksums are kept, so nothing would notice
 *                  if the stored data were not what the application meant to write
 */
public record Inode(boolean nodatasum) {
}
