/**
 * The kernel lab's front door: {@link org.diolab.live.kernel.KernelLab} runs the seed threads' races against the
 * running kernel (as root, on loop devices it creates and always tears down) and reads the verdict from the kernel's
 * own evidence; its request, report and progress, and the preflight that refuses before anything is created. Rooms:
 * {@code lab} (what a run owns and builds), {@code evidence} (what the kernel says), {@code scenario} (the races:
 * the one registry, one file per scenario, their helpers and results), {@code trace} (recording what the kernel did,
 * with a tracefs instance of its own; it uses nothing else of ours).
 */
package org.diolab.live.kernel;
