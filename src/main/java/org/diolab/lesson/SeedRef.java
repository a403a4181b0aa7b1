package org.diolab.lesson;

/**
 * A source thread a lesson is built on.
 *
 * @param id    the key used in shared/FACTS.md, e.g. {@code S003}
 * @param file  its file under {@code lessons/sources/}
 * @param title the thread's subject line
 */
public record SeedRef(String id, String file, String title) {}
