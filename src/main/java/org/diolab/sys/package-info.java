/**
 * The native layer, for the live engine and the kernel lab alone: the one FFM binding of libc's {@code syscall}
 * ({@link org.diolab.sys.LibC}, one downcall shape for every call), a descriptor and the calls made on it
 * ({@link org.diolab.sys.Fd}), errno values and names, ioctl numbers, what {@code statx} says about a file, the one
 * mountinfo reader ({@link org.diolab.sys.MountTable}), helper threads joined even when interrupted, and the base of
 * both refusals. It uses nothing of ours.
 */
package org.diolab.sys;
