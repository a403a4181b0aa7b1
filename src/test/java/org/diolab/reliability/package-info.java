/**
 * The reliability suite: the cases of the hostile-input and fault audits, replayed on every build. Each case asserts
 * what the user's system looks like afterwards, not only what DIO Lab said. From issue 12: broken lessons
 * ({@code BrokenLessonSuiteTest}), a full filesystem, hard links swapped in between jobs, signals, a second run's
 * sweep beside a live one. From issue 25:
 *
 * <ul>
 *   <li>{@link org.diolab.reliability.SystemPlacesRefusedTest}: bench and kernel-lab refuse every system directory,
 *       pseudo and memory file system (and links leading to them) in one line saying why and what to use, and
 *       create nothing there;
 *   <li>{@link org.diolab.reliability.HonestMessagesTest}: an unsearchable parent, a link to /etc and a runtime finer
 *       than a millisecond are each said as what they are;
 *   <li>{@link org.diolab.reliability.UserBtrfsLeftAsItWasTest}: the kernel lab on a btrfs "of the user's" (one the
 *       test builds on a loop device) leaves its device stats, scrub record and settings as they were, or, with
 *       --allow-error-counters, says beforehand and afterwards exactly by how much it raised them; without root it
 *       is refused naming the flag;
 *   <li>{@link org.diolab.reliability.LabHostStateTest}: the lab's own runs leave the host's scrub records and every
 *       loop device's queue settings as they were, and no loop device or mount.
 * </ul>
 *
 * <p>Cases that need root, loop devices and btrfs skip with the reason elsewhere; {@code .ci/run} runs them where
 * those exist.
 */
package org.diolab.reliability;
