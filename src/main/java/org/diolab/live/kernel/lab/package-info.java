/**
 * What a kernel-lab run owns and builds, and nothing of what it measures: its session lock and ownership, images,
 * loop devices attached by descriptor, volumes (mkfs, mount), teardown, the host's tools, a btrfs the user mounted.
 */
package org.diolab.live.kernel.lab;
